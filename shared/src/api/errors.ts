/** A data-layer failure the UI can translate: `code` is PostgREST/Postgres/HTTP-derived. */
export class ApiError extends Error {
  constructor(
    message: string,
    public readonly code: string,
    public readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** 429 from a per-client write limit. */
  get isRateLimited(): boolean {
    return this.status === 429;
  }

  /** The server could not be reached at all (offline, backend down). */
  get isNetwork(): boolean {
    return this.code === 'network';
  }
}

export function toApiError(error: { message?: string; code?: string } | null | undefined, status?: number): ApiError {
  const message = error?.message ?? 'Unknown error';
  const code = error?.code || (status === 0 || /fetch|network/i.test(message) ? 'network' : String(status ?? 'unknown'));
  return new ApiError(message, code, status);
}
