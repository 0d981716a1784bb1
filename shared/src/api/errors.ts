/** A data-layer failure the UI can translate: `code` is PostgREST/Postgres/HTTP-derived. */
export class ApiError extends Error {
  constructor(
    message: string,
    public readonly code: string,
    public readonly status?: number,
    /** What the database named in its error: for a refused value, the field (`rating`, `review_text`, ...). */
    public readonly details?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** 429 from a per-client write limit, or PT429 from a per-device one (too many reviews today). */
  get isRateLimited(): boolean {
    return this.status === 429 || this.code === 'PT429';
  }

  /** The server could not be reached at all (offline, backend down). */
  get isNetwork(): boolean {
    return this.code === 'network';
  }

  /** The provider is unknown or not approved (P0002 from the write functions, or HTTP 404). */
  get isNotFound(): boolean {
    return this.code === 'P0002' || this.status === 404;
  }

  /** The database refused a value: a check or not-null constraint, or malformed data (22xxx). */
  get isInvalid(): boolean {
    return this.code === '23514' || this.code === '23502' || this.code.startsWith('22');
  }
}

export function toApiError(
  error: { message?: string; code?: string; details?: string | null } | null | undefined,
  status?: number,
): ApiError {
  const message = error?.message ?? 'Unknown error';
  const code = error?.code || (status === 0 || /fetch|network/i.test(message) ? 'network' : String(status ?? 'unknown'));
  const details = typeof error?.details === 'string' && error.details.trim() !== '' ? error.details.trim() : undefined;
  return new ApiError(message, code, status, details);
}
