// Phone sign-in through GoTrue's one-time code (supabase-js signInWithOtp / verifyOtp), and
// what each of GoTrue's real answers means for the visitor. Part of the lazy
// `@city/shared/phone-sign-in` chunk: nothing here is on a page's first render.
// Through '@city/shared' (the page's one copy, a federated singleton), never a relative path:
// this subpath is bundled into each module that imports it, and a relative import would bring a
// second supabase client and i18n instance with it.
import { ApiError, dataClient } from '@city/shared';
import { asciiDigits, mobileE164 } from '@city/shared/validation/phone';

// The product's one phone parser (a subpath bundled where used); also offered here, as before.
export { normalizeMobile } from '@city/shared/validation/phone';

export type PhoneSignInFailure =
  /** The number is not one GoTrue can text (validation_failed, phone_provider_disabled). */
  | { ok: false; reason: 'invalid-phone' }
  /** Wrong or expired code (otp_expired, invalid_credentials, 403 on verify). */
  | { ok: false; reason: 'wrong-code' }
  /**
   * too-many-sends: a new code too soon (429 over_sms_send_rate_limit, GoTrue spaces codes 60 s
   * apart); too-many-tries: 429 on checking a code; too-many-requests: GoTrue's per-address
   * limit (429 over_request_rate_limit). `retryAfterSeconds`: the wait GoTrue named, or null.
   */
  | { ok: false; reason: 'too-many-sends' | 'too-many-tries' | 'too-many-requests'; retryAfterSeconds: number | null }
  /** New numbers cannot sign up right now (422 signup_disabled). */
  | { ok: false; reason: 'signups-disabled' }
  /** The server was not reached (offline, backend down). */
  | { ok: false; reason: 'network' }
  | { ok: false; reason: 'unknown'; message: string };
export type PhoneSignInResult = { ok: true } | PhoneSignInFailure;

interface AuthLikeError {
  message?: string;
  status?: number;
  code?: string;
}

const isNetworkMessage = (message: string) => /fetch|network|load failed/i.test(message);

/** The code as typed (spaces and Devanagari digits allowed) as 6 digits, or null. */
export function normalizeCode(value: string): string | null {
  const digits = asciiDigits(value).replace(/\s+/gu, '');
  return /^[0-9]{6}$/.test(digits) ? digits : null;
}

/** The number as a person reads it: "+91 98765 43210". */
export const displayPhone = (mobile: string) => `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`;

/** "… only request this after 52 seconds", "Try again in 3600 s": the wait GoTrue names, in seconds. */
export function retryAfterOf(message: string | undefined): number | null {
  const m = /(\d+)\s*(?:s\b|sec|second)/i.exec(message ?? '');
  return m ? Number(m[1]) : null;
}

/** Maps a GoTrue error of signInWithOtp / verifyOtp to what the visitor is told. */
export function phoneSignInFailure(error: AuthLikeError, step: 'send' | 'verify'): PhoneSignInFailure {
  const message = error.message ?? '';
  const code = error.code ?? '';
  const retryAfterSeconds = retryAfterOf(message);
  if (code === 'over_request_rate_limit') return { ok: false, reason: 'too-many-requests', retryAfterSeconds };
  if (code === 'over_sms_send_rate_limit' || error.status === 429 || /rate_limit|too_many/.test(code)) {
    const tries = step === 'verify' && !/sms_send/.test(code);
    return { ok: false, reason: tries ? 'too-many-tries' : 'too-many-sends', retryAfterSeconds };
  }
  if (code === 'signup_disabled' || code === 'otp_disabled') return { ok: false, reason: 'signups-disabled' };
  if (code === 'otp_expired' || code === 'invalid_credentials' || (step === 'verify' && (error.status === 403 || error.status === 400))) {
    return { ok: false, reason: 'wrong-code' };
  }
  if (code === 'validation_failed' || code === 'phone_provider_disabled' || /phone/i.test(message))
    return { ok: false, reason: 'invalid-phone' };
  if (!error.status || isNetworkMessage(message)) return { ok: false, reason: 'network' };
  return { ok: false, reason: 'unknown', message };
}

function thrownFailure(e: unknown): PhoneSignInFailure {
  const message = e instanceof Error ? e.message : String(e);
  if ((e instanceof ApiError && e.isNetwork) || isNetworkMessage(message)) return { ok: false, reason: 'network' };
  return { ok: false, reason: 'unknown', message };
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Texts a one-time code to this mobile (10 digits). Never throws. */
export async function sendPhoneCode(mobile: string): Promise<PhoneSignInResult> {
  if (offline()) return { ok: false, reason: 'network' };
  try {
    const supabase = await dataClient();
    const { error } = await supabase.auth.signInWithOtp({ phone: mobileE164(mobile) });
    return error ? phoneSignInFailure(error, 'send') : { ok: true };
  } catch (e) {
    return thrownFailure(e);
  }
}

/** Signs in with the code texted to this mobile; the page's auth store follows. Never throws. */
export async function verifyPhoneCode(mobile: string, code: string): Promise<PhoneSignInResult> {
  if (offline()) return { ok: false, reason: 'network' };
  try {
    const supabase = await dataClient();
    const { error } = await supabase.auth.verifyOtp({ phone: mobileE164(mobile), token: code, type: 'sms' });
    return error ? phoneSignInFailure(error, 'verify') : { ok: true };
  } catch (e) {
    return thrownFailure(e);
  }
}
