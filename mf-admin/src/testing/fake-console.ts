import type { SupabaseClient } from '@supabase/supabase-js';
import { act } from '@testing-library/react';
import { authStore, setSupabaseClient, toastStore } from '@city/shared';
import { installFakeSupabase } from '@city/shared/testing';
import type { Session } from '@supabase/supabase-js';

type Answer = unknown | ((args: Record<string, unknown>) => unknown);

/**
 * A fake data layer for the console's component tests: each RPC answers from `answers` (a
 * value, or a function of the arguments; an Error instance answers as the database's error),
 * table reads answer `tables[name]`, and the ads storage buckets record uploads.
 */
export function fakeConsole(answers: Record<string, Answer>, tables: Record<string, unknown[]> = {}) {
  const fake = installFakeSupabase();
  fake.rpc.mockImplementation(((fn: string, args: Record<string, unknown>) => {
    const a = answers[fn];
    const value = typeof a === 'function' ? (a as (x: Record<string, unknown>) => unknown)(args) : a;
    if (value instanceof Error) {
      const { code = 'P0001', details = null } = value as Error & { code?: string; details?: string };
      return Promise.resolve({ data: null, error: { message: value.message, code, details }, status: 400 });
    }
    return Promise.resolve({ data: value ?? null, error: null, status: 200 });
  }) as never);
  const fromTable = fake.from.getMockImplementation()!;
  fake.from.mockImplementation(((table: string) => {
    const builder = fromTable(table) as Record<string, unknown>;
    const result = { data: tables[table] ?? [], error: null, status: 200 };
    return { ...builder, ...chainAnswering(builder, result) };
  }) as never);
  const upload = jest.fn(async (path: string, _file: File, _options?: unknown) => ({
    data: { path },
    error: null as null | { message: string; statusCode?: string },
  }));
  const remove = jest.fn(async (paths: string[]) => ({ data: paths.map((name) => ({ name })), error: null }));
  const storage = {
    from: jest.fn((bucket: string) => ({
      upload,
      remove,
      getPublicUrl: (path: string) => ({ data: { publicUrl: `http://localhost:54321/storage/v1/object/public/${bucket}/${path}` } }),
    })),
  };
  setSupabaseClient({ rpc: fake.rpc, from: fake.from, storage } as unknown as SupabaseClient);
  return { ...fake, upload, remove, storage };
}

/** The builder's chain, ending in `result` (each method returns the same answering builder). */
function chainAnswering(builder: Record<string, unknown>, result: unknown) {
  const answering: Record<string, unknown> = {
    then: (resolve: (v: unknown) => unknown, reject: (e: unknown) => unknown) => Promise.resolve(result).then(resolve, reject),
  };
  for (const [k, v] of Object.entries(builder)) {
    if (k !== 'then' && typeof v === 'function')
      answering[k] = (...args: unknown[]) => {
        (v as (...a: unknown[]) => unknown)(...args);
        return answering;
      };
  }
  return answering;
}

/** A signed-in operator and no toast left from another test. */
export function signedInOperator() {
  act(() => {
    toastStore.getState().dismiss();
    authStore.setState({
      loading: false,
      session: { access_token: 'a' } as Session,
      user: { email: 'op@example.in' } as Session['user'],
      isAdmin: true,
    });
  });
}

export const lastToast = () => toastStore.getState().toasts[0];

export const dbError = (message: string, code: string, details?: string) =>
  Object.assign(new Error(message), { code, ...(details ? { details } : {}) });
