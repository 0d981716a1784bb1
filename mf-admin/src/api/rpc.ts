import { ApiError, dataClient, toApiError } from '@city/shared';

export const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : 0;
};

export const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** One RPC; failures (including an unreachable server) are thrown as ApiError. */
export async function callRpc(fn: string, args: Record<string, unknown>): Promise<unknown> {
  try {
    const supabase = await dataClient();
    const { data, error, status } = await supabase.rpc(fn, args);
    if (error) throw toApiError(error, status);
    return data;
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw toApiError({ message: e instanceof Error ? e.message : String(e) }, 0);
  }
}
