/**
 * This browser's device token: a secret, random 128-bit value kept in localStorage. It lets a
 * visitor rate each provider once, and change that rating, without signing up. The database
 * keeps only its SHA-256 hash and never returns it, so nobody who reads the data can rate
 * (or see ratings) as this device. Treat it like a password: it is sent only as an argument of
 * the rating, review and click functions.
 */
export const DEVICE_TOKEN_KEY = 'city.deviceToken';

/**
 * Where the first version kept a device id. Those ids were readable by anyone, so they are
 * never reused as a token: the key is removed when the token is made.
 */
export const LEGACY_DEVICE_ID_KEY = 'city.deviceId';

/** The format the database accepts (22 characters is 128 bits in base64url). */
export const DEVICE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/** 16 random bytes as unpadded base64url: 22 characters of [A-Za-z0-9_-]. */
export function newDeviceToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Used when storage is blocked (private modes, disabled site data): one token per page. */
let memoryToken: string | null = null;

function forgetLegacyId(): void {
  try {
    localStorage.removeItem(LEGACY_DEVICE_ID_KEY);
  } catch {
    // The token is stored; a leftover old id is harmless to it.
  }
}

/** This device's token, made (and stored) on first use. */
export function getDeviceToken(): string {
  try {
    const existing = localStorage.getItem(DEVICE_TOKEN_KEY);
    if (existing && DEVICE_TOKEN_PATTERN.test(existing)) return existing;
    const token = newDeviceToken();
    localStorage.setItem(DEVICE_TOKEN_KEY, token);
    forgetLegacyId();
    return token;
  } catch {
    memoryToken ??= newDeviceToken();
    return memoryToken;
  }
}
