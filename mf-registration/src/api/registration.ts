import { ApiError, dataClient } from '@city/shared';
import { serveErrorForDb, type ServeArgs, type ServeErrorKey, type ServeField } from '../validation/serve-choice';

/**
 * A provider's free registration, already validated and normalised (see
 * validateRegistration in ../validation/registration). `category` is the stored value:
 * `${icon} ${hi}` for a catalogue entry or `OTHERS: text`.
 */
export interface RegistrationInput {
  name: string;
  businessName: string | null;
  /**
   * The signed-in phone's 10 digits, for the operator's chat message only: the database takes
   * the listing's mobile from the session (the JWT's phone claim), never from the caller.
   */
  mobile: string;
  category: string;
  specialistIn: string | null;
  /** 12 digits or null; stored only in the private table, never readable by the public. */
  aadhaar: string | null;
  experience: number;
  address: string;
  /** Where they are and whom they serve (issue 27): the arguments register_provider takes; absent for none. */
  place?: ServeArgs;
}

/** The input fields the database names in a constraint error (the `details` of its error). */
export type RegistrationDbField = 'name' | 'business_name' | 'mobile' | 'category' | 'specialist_in' | 'aadhaar' | 'experience' | 'address';

const DB_FIELDS: readonly RegistrationDbField[] = [
  'name',
  'business_name',
  'mobile',
  'category',
  'specialist_in',
  'aadhaar',
  'experience',
  'address',
];

export type RegistrationFailure =
  /** The database refused the input (check / not-null); `field` when it said which one. */
  | { ok: false; reason: 'invalid'; field: RegistrationDbField | null; message: string }
  /** A value longer than the database takes (22001), before any cleaning. */
  | { ok: false; reason: 'too-long'; field: RegistrationDbField | null; message: string }
  /** A phone number or a link in the business name or specialisation (23514). */
  | { ok: false; reason: 'contact-details'; field: 'business_name' | 'specialist_in'; message: string }
  /** The place or whom they serve was refused (an unknown place, a bad mode, the tehsil without a place). */
  | { ok: false; reason: 'place'; field: ServeField; key: ServeErrorKey; message: string }
  /** This mobile already has the most listings allowed (23514 on `mobile`). */
  | { ok: false; reason: 'too-many-listings'; message: string }
  /** This mobile already registered this name in this category (23505 on `name`). */
  | { ok: false; reason: 'already-registered'; message: string }
  /** No phone session (any more): sign in with a code again (42501). */
  | { ok: false; reason: 'signed-out'; message: string }
  /** Too many attempts for now (HTTP 429); `retryAfterSeconds` from the hint when given. */
  | { ok: false; reason: 'rate-limited'; message: string; retryAfterSeconds: number | null }
  /** The server could not be reached (offline, backend down). */
  | { ok: false; reason: 'network'; message: string }
  /** Anything else (server error, misconfiguration). */
  | { ok: false; reason: 'unknown'; message: string };

export type RegistrationResult = { ok: true; id: string } | RegistrationFailure;

interface PostgrestLikeError {
  message?: string;
  code?: string;
  details?: string | null;
  hint?: string | null;
}

/** The field a database error names in `details` (`name` or `p_name`), or null. */
function dbFieldOf(details: string | null | undefined): RegistrationDbField | null {
  const text = (details ?? '').trim().replace(/^p_/, '');
  return (DB_FIELDS as readonly string[]).includes(text) ? (text as RegistrationDbField) : null;
}

/** "retry after 42 seconds" (the database's PT429 hint) as 42, or null. */
export function retryAfterHint(hint: string | null | undefined): number | null {
  const m = /retry after (\d+)/i.exec(hint ?? '');
  return m ? Number(m[1]) : null;
}

/** Maps a failed `register_provider` call to a result the form can explain. */
export function registrationFailure(error: PostgrestLikeError | null | undefined, status: number | undefined): RegistrationFailure {
  const message = error?.message || 'Unknown error';
  const code = error?.code ?? '';
  const field = dbFieldOf(error?.details);
  if (status === 429 || code === '429' || code === 'PT429') {
    return { ok: false, reason: 'rate-limited', message, retryAfterSeconds: retryAfterHint(error?.hint) };
  }
  if (!code && (status === 0 || status === undefined || /fetch|network/i.test(message))) {
    return { ok: false, reason: 'network', message };
  }
  if (code === '42501' || status === 401) return { ok: false, reason: 'signed-out', message };
  const place = serveErrorForDb(code, error?.details);
  if (place) return { ok: false, reason: 'place', field: place.field, key: place.key, message };
  if (code === '23505' && (field === 'name' || field === null)) return { ok: false, reason: 'already-registered', message };
  if (code === '23514' && field === 'mobile' && /at most \d+ listings/i.test(message)) {
    return { ok: false, reason: 'too-many-listings', message };
  }
  if (code === '23514' && (field === 'business_name' || field === 'specialist_in') && /no phone numbers or links/i.test(message)) {
    return { ok: false, reason: 'contact-details', field, message };
  }
  if (code === '22001') return { ok: false, reason: 'too-long', field, message };
  // 23502 not-null, 23514 check, 22xxx bad data (e.g. an integer out of range).
  if (code === '23502' || code === '23514' || code.startsWith('22')) return { ok: false, reason: 'invalid', field, message };
  return { ok: false, reason: 'unknown', message };
}

/**
 * Registers a provider through the `register_provider` RPC, as the signed-in phone: the row is
 * stored as pending (never listed publicly until an admin approves it) with the session's
 * mobile, and the Aadhaar number goes only to the private store. The database re-checks every
 * rule (at most 3 listings per mobile, one per name and category). Never throws.
 */
export async function registerProvider(input: RegistrationInput): Promise<RegistrationResult> {
  try {
    const supabase = await dataClient();
    const { data, error, status } = await supabase.rpc('register_provider', {
      p_name: input.name,
      p_business_name: input.businessName,
      p_category: input.category,
      p_specialist_in: input.specialistIn,
      p_aadhaar: input.aadhaar,
      p_experience: input.experience,
      p_address: input.address,
      // Sent only with a place (or a mode): the call of before otherwise.
      ...(input.place && (input.place.p_place_kind !== null || input.place.p_serve_mode !== null) ? input.place : {}),
    });
    if (error) return registrationFailure(error, status);
    return { ok: true, id: String(data) };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    // Includes supabase-js itself failing to download (dataClient: a network ApiError).
    const network = (e instanceof ApiError && e.isNetwork) || /fetch|network/i.test(message);
    return network ? { ok: false, reason: 'network', message } : { ok: false, reason: 'unknown', message };
  }
}

/**
 * Forgets this device's session (a sign-in that expired, or "use another number"): the page's
 * auth context follows, and the code step shows again. The server's session is left to expire.
 */
export async function forgetSession(): Promise<void> {
  try {
    const supabase = await dataClient();
    await supabase.auth.signOut({ scope: 'local' });
  } catch {
    // supabase-js could not load: there is no session on this page to forget.
  }
}
