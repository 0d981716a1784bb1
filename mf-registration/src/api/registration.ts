import { ApiError, dataClient } from '@city/shared';

/**
 * A provider's free registration, already validated and normalised (see
 * validateRegistration in ../validation/registration). `category` is the stored value:
 * `${icon} ${hi}` for a catalogue entry or `OTHERS: text`.
 */
export interface RegistrationInput {
  name: string;
  businessName: string | null;
  mobile: string;
  category: string;
  specialistIn: string | null;
  /** 12 digits or null; stored only in the private table, never readable by the public. */
  aadhaar: string | null;
  experience: number;
  address: string;
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
  /** Too many registrations from this client for now (HTTP 429). */
  | { ok: false; reason: 'rate-limited'; message: string }
  /** The server could not be reached (offline, backend down). */
  | { ok: false; reason: 'network'; message: string }
  /** Anything else (server error, misconfiguration). */
  | { ok: false; reason: 'unknown'; message: string };

export type RegistrationResult = { ok: true; id: string } | RegistrationFailure;

interface PostgrestLikeError {
  message?: string;
  code?: string;
  details?: string | null;
}

/** Maps a failed `register_provider` call to a result the form can explain. */
export function registrationFailure(error: PostgrestLikeError | null | undefined, status: number | undefined): RegistrationFailure {
  const message = error?.message || 'Unknown error';
  if (status === 429 || error?.code === '429' || error?.code === 'PT429') return { ok: false, reason: 'rate-limited', message };
  if (!error?.code && (status === 0 || status === undefined || /fetch|network/i.test(message))) {
    return { ok: false, reason: 'network', message };
  }
  // 23502 not-null, 23514 check, 22xxx bad data (e.g. an integer out of range).
  if (error?.code && (error.code === '23502' || error.code === '23514' || error.code.startsWith('22'))) {
    const details = (error.details ?? '').trim();
    const field = (DB_FIELDS as readonly string[]).includes(details) ? (details as RegistrationDbField) : null;
    return { ok: false, reason: 'invalid', field, message };
  }
  return { ok: false, reason: 'unknown', message };
}

/**
 * Registers a provider through the `register_provider` RPC: the row is stored as pending
 * (never listed publicly until an admin approves it) and the Aadhaar number goes only to the
 * private store. The database re-checks every rule. Never throws.
 */
export async function registerProvider(input: RegistrationInput): Promise<RegistrationResult> {
  try {
    const supabase = await dataClient();
    const { data, error, status } = await supabase.rpc('register_provider', {
      p_name: input.name,
      p_business_name: input.businessName,
      p_mobile: input.mobile,
      p_category: input.category,
      p_specialist_in: input.specialistIn,
      p_aadhaar: input.aadhaar,
      p_experience: input.experience,
      p_address: input.address,
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
