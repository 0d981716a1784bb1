/** GoTrue's HTTP shapes: the request and answer, its error (and how it is answered), JSON bodies. */

export const API_VERSION = '2024-01-01';

export interface AuthRequest {
  method: string;
  /** Path after /auth/v1/, e.g. 'token'. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: string | null;
  /** The client address (see clientOf): the key of GoTrue's per-address limits. */
  client?: string;
}

export interface AuthResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A GoTrue answer with a JSON body (null: none). */
export function ok(status: number, body: unknown): AuthResponse {
  return {
    status,
    headers: { 'x-supabase-api-version': API_VERSION, ...(body === null ? {} : { 'Content-Type': 'application/json' }) },
    body: body === null ? null : JSON.stringify(body),
  };
}

/** The request's JSON object body ({} when empty); anything else: 400 bad_json. */
export function parseBody(req: AuthRequest): Record<string, unknown> {
  if (req.body === null || req.body.trim() === '') return {};
  try {
    const v = JSON.parse(req.body) as unknown;
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    /* fall through */
  }
  throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
}
