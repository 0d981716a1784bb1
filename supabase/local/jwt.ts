/**
 * HS256 JWTs (API keys and user access tokens) with node:crypto only: sign,
 * and verify (alg must be HS256, constant-time signature check, exp/nbf).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type JwtClaims = Record<string, unknown> & { role?: string; sub?: string; exp?: number };

export class JwtError extends Error {
  constructor(
    message: string,
    readonly reason: 'expired' | 'invalid',
  ) {
    super(message);
  }
}

export function generateSecret(): string {
  return randomBytes(48).toString('base64url');
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function b64json(part: string): unknown {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) throw new JwtError('JWT is not base64url', 'invalid');
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
  } catch {
    throw new JwtError('JWT part is not JSON', 'invalid');
  }
}

export class Jwt {
  private readonly key: Buffer;
  /** Verified tokens (same token + same secret = same answer); expiry is rechecked on every hit. */
  private readonly cache = new Map<string, JwtClaims>();

  constructor(secret: string) {
    if (secret.length < 32) throw new Error('JWT secret must be at least 32 characters');
    this.key = Buffer.from(secret, 'utf8');
  }

  private mac(input: string): Buffer {
    return createHmac('sha256', this.key).update(input).digest();
  }

  /** Signs the claims exactly as given (iat/exp included by the caller). */
  signFixed(claims: JwtClaims): string {
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${HEADER}.${body}.${this.mac(`${HEADER}.${body}`).toString('base64url')}`;
  }

  sign(claims: JwtClaims, expiresInSeconds: number): string {
    const now = Math.floor(Date.now() / 1000);
    return this.signFixed({ ...claims, iat: now, exp: now + expiresInSeconds });
  }

  verify(token: string): JwtClaims {
    const now = Math.floor(Date.now() / 1000);
    const hit = this.cache.get(token);
    if (hit) {
      if (typeof hit.exp === 'number' && hit.exp <= now) {
        this.cache.delete(token);
        throw new JwtError('JWT expired', 'expired');
      }
      return hit;
    }
    const parts = token.split('.');
    if (parts.length !== 3) throw new JwtError(`Expected 3 parts in JWT; got ${parts.length}`, 'invalid');
    const [h, p, s] = parts as [string, string, string];
    const header = b64json(h) as { alg?: unknown };
    if (typeof header !== 'object' || header === null || header.alg !== 'HS256') {
      throw new JwtError('JWSError JWSInvalidSignature: only HS256 is accepted', 'invalid');
    }
    const given = Buffer.from(s, 'base64url');
    const wanted = this.mac(`${h}.${p}`);
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
      throw new JwtError('JWSError JWSInvalidSignature', 'invalid');
    }
    const claims = b64json(p) as JwtClaims;
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims))
      throw new JwtError('JWT claims are not an object', 'invalid');
    if (claims.exp !== undefined && (typeof claims.exp !== 'number' || claims.exp <= now)) throw new JwtError('JWT expired', 'expired');
    if (typeof claims.nbf === 'number' && claims.nbf > now + 30) throw new JwtError('JWT not yet valid', 'invalid');
    if (this.cache.size > 5000) this.cache.clear();
    this.cache.set(token, claims);
    return claims;
  }
}

/**
 * Long-lived API keys, shaped like Supabase's. Fixed iat/exp: the same secret
 * always gives the same keys, so they survive restarts.
 */
export function makeApiKeys(jwt: Jwt): { anonKey: string; serviceRoleKey: string } {
  return {
    anonKey: jwt.signFixed({ iss: 'supabase', ref: 'local', role: 'anon', iat: 1735689600, exp: 2082758400 }),
    serviceRoleKey: jwt.signFixed({ iss: 'supabase', ref: 'local', role: 'service_role', iat: 1735689600, exp: 2082758400 }),
  };
}
