/** HS256 JWTs: API keys (anon, service_role) and user access tokens. */
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';

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

export class Jwt {
  private readonly key: Uint8Array;
  /** Verified tokens (same token + same secret = same answer); expiry is rechecked on every hit. */
  private readonly cache = new Map<string, JwtClaims>();

  constructor(secret: string) {
    if (secret.length < 32) throw new Error('JWT secret must be at least 32 characters');
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: JwtClaims, expiresInSeconds: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + expiresInSeconds)
      .sign(this.key);
  }

  /** Signs the claims exactly as given (iat/exp included by the caller). */
  async signFixed(claims: JwtClaims): Promise<string> {
    return new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(this.key);
  }

  async verify(token: string): Promise<JwtClaims> {
    const hit = this.cache.get(token);
    if (hit) {
      if (typeof hit.exp === 'number' && hit.exp <= Math.floor(Date.now() / 1000)) {
        this.cache.delete(token);
        throw new JwtError('JWT expired', 'expired');
      }
      return hit;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const claims = payload as JwtClaims;
      if (this.cache.size > 5000) this.cache.clear();
      this.cache.set(token, claims);
      return claims;
    } catch (e) {
      if (e instanceof errors.JWTExpired) throw new JwtError('JWT expired', 'expired');
      throw new JwtError(`JWT could not be verified: ${(e as Error).message}`, 'invalid');
    }
  }
}

/**
 * Long-lived API keys, shaped like Supabase's. Fixed iat/exp: the same secret
 * always gives the same keys, so they survive restarts.
 */
export async function makeApiKeys(jwt: Jwt): Promise<{ anonKey: string; serviceRoleKey: string }> {
  return {
    anonKey: await jwt.signFixed({ iss: 'supabase', ref: 'local', role: 'anon', iat: 1735689600, exp: 2082758400 }),
    serviceRoleKey: await jwt.signFixed({
      iss: 'supabase',
      ref: 'local',
      role: 'service_role',
      iat: 1735689600,
      exp: 2082758400,
    }),
  };
}
