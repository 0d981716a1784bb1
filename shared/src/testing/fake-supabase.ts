import type { SupabaseClient } from '@supabase/supabase-js';
import { setSupabaseClient } from '../supabase/client';

/** What the fake's rpc and table queries answer. */
export interface FakeSupabaseAnswer {
  data?: unknown;
  error?: { message: string; code: string; details?: string | null } | null;
  status?: number;
}

/**
 * Installs a supabase client whose `rpc` answers `answer` and whose table queries record each
 * call of the chain (`from`, `select`, `eq`, ...), for tests of the data layer without a
 * server. Undo with `setSupabaseClient(null)`.
 */
export function installFakeSupabase(answer: FakeSupabaseAnswer = {}) {
  const result = { data: answer.data ?? null, error: answer.error ?? null, status: answer.status ?? (answer.error ? 400 : 200) };
  const rpc = jest.fn(() => Promise.resolve(result));
  const chain: [string, unknown[]][] = [];
  const builder: Record<string, unknown> = {
    then: (resolve: (v: unknown) => unknown, reject: (e: unknown) => unknown) => Promise.resolve(result).then(resolve, reject),
  };
  for (const method of ['select', 'eq', 'in', 'order', 'range', 'insert', 'upsert']) {
    builder[method] = (...args: unknown[]) => {
      chain.push([method, args]);
      return builder;
    };
  }
  const from = jest.fn((table: string) => {
    chain.push(['from', [table]]);
    return builder;
  });
  setSupabaseClient({ rpc, from } as unknown as SupabaseClient);
  return { rpc, from, chain };
}
