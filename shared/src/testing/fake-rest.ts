import { setRuntimeConfig } from '../config/runtime-config-store';
import type { RuntimeConfig } from '../contracts/runtime-config';

/** What the fake REST API answers: the body (or a PostgREST error) and the status. */
export interface FakeRestAnswer {
  data?: unknown;
  error?: { message: string; code: string; details?: string | null } | null;
  status?: number;
}

/** One request as the fake REST API saw it. */
export interface FakeRestCall {
  method: string;
  /** `rpc/<fn>` or the table. */
  path: string;
  /** The query string's pairs, in order (a table read). */
  query: [string, string][];
  /** A function's arguments (the JSON body). */
  args: Record<string, unknown> | null;
  headers: Record<string, string>;
  signal?: AbortSignal;
}

const BASE = 'http://fake-rest.test';

/**
 * Points the runtime config at a fake REST API and answers every request with `answer`,
 * recording each (`calls`): for tests of a remote's reads, which go as plain requests
 * (@city/shared sendRest), without supabase-js. jsdom has no Response: the fields read are
 * given. Undo with `restore()` (afterEach).
 */
export function installFakeRest(answer: FakeRestAnswer = {}) {
  const realFetch = global.fetch;
  setRuntimeConfig({ supabaseUrl: BASE, supabaseAnonKey: 'fake-anon-key' } as RuntimeConfig);
  const status = answer.status ?? (answer.error ? 400 : 200);
  const calls: FakeRestCall[] = [];
  global.fetch = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    calls.push({
      method: init.method ?? 'GET',
      path: url.pathname.replace('/rest/v1/', ''),
      query: [...url.searchParams],
      args: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null,
      headers: { ...(init.headers as Record<string, string>) },
      ...(init.signal ? { signal: init.signal } : {}),
    });
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: '',
      headers: new Map<string, string>() as unknown as Headers,
      text: async () => JSON.stringify(answer.error ?? answer.data ?? null),
    } as Response;
  }) as unknown as typeof fetch;
  return { calls, restore: () => void (global.fetch = realFetch) };
}
