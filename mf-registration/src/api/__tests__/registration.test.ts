import { setSupabaseClient } from '@city/shared';
import { registerProvider, registrationFailure, type RegistrationInput } from '../registration';
import type { SupabaseClient } from '@supabase/supabase-js';

const input: RegistrationInput = {
  name: 'Ramesh',
  businessName: null,
  mobile: '9876543210',
  category: '🔧 प्लंबर',
  specialistIn: null,
  aadhaar: '234123412346',
  experience: 3,
  address: 'Ward 4',
};

function clientAnswering(answer: unknown | Error) {
  const rpc = jest.fn(async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  setSupabaseClient({ rpc } as unknown as SupabaseClient);
  return rpc;
}

afterEach(() => setSupabaseClient(null));

describe('registerProvider with a place (issue 27)', () => {
  it('sends the place arguments register_provider takes, and maps an unknown place beside its field', async () => {
    const place = {
      p_place_kind: 'ward',
      p_place_code: '9270101',
      p_serve_mode: 'tehsil' as const,
      p_serve_radius_km: null,
      p_serve_places: null,
    };
    const rpc = clientAnswering({ data: 'uuid-2', error: null, status: 200 });
    await expect(registerProvider({ ...input, place })).resolves.toEqual({ ok: true, id: 'uuid-2' });
    expect(rpc).toHaveBeenCalledWith('register_provider', expect.objectContaining(place));
    expect(registrationFailure({ code: '23503', message: 'unknown place: ward 1', details: 'place' }, 409)).toEqual({
      ok: false,
      reason: 'place',
      field: 'place',
      key: 'place.errors.unknownPlace',
      message: 'unknown place: ward 1',
    });
    expect(
      registrationFailure({ code: '23502', message: 'serving the whole tehsil needs your place', details: 'place' }, 400),
    ).toMatchObject({
      reason: 'place',
      key: 'place.errors.tehsilNeedsPlace',
    });
    expect(registrationFailure({ code: '22023', message: 'serve_mode must be', details: 'serve_mode' }, 400)).toMatchObject({
      reason: 'place',
      field: 'serveMode',
    });
  });
});

describe('registerProvider', () => {
  it('calls register_provider with every parameter but the mobile (the session’s phone) and returns the new id', async () => {
    const rpc = clientAnswering({ data: 'uuid-1', error: null, status: 200 });
    await expect(registerProvider(input)).resolves.toEqual({ ok: true, id: 'uuid-1' });
    expect(rpc).toHaveBeenCalledWith('register_provider', {
      p_name: 'Ramesh',
      p_business_name: null,
      p_category: '🔧 प्लंबर',
      p_specialist_in: null,
      p_aadhaar: '234123412346',
      p_experience: 3,
      p_address: 'Ward 4',
    });
  });

  it('maps a check or not-null violation to the field the database names', async () => {
    clientAnswering({ data: null, error: { code: '23514', message: 'mobile must be exactly 10 digits', details: 'mobile' }, status: 400 });
    await expect(registerProvider(input)).resolves.toMatchObject({ ok: false, reason: 'invalid', field: 'mobile' });
    expect(registrationFailure({ code: '23502', message: 'name is required', details: 'name' }, 400)).toMatchObject({
      reason: 'invalid',
      field: 'name',
    });
    expect(registrationFailure({ code: '23514', message: 'aadhaar checksum', details: 'aadhaar' }, 400)).toMatchObject({
      reason: 'invalid',
      field: 'aadhaar',
    });
    expect(registrationFailure({ code: '23514', message: 'x', details: 'something else' }, 400)).toMatchObject({
      reason: 'invalid',
      field: null,
    });
  });

  it('tells a rate limit, a network failure and other errors apart', async () => {
    clientAnswering({ data: null, error: { code: '', message: 'Too many requests' }, status: 429 });
    await expect(registerProvider(input)).resolves.toMatchObject({ ok: false, reason: 'rate-limited' });
    clientAnswering({
      data: null,
      error: { code: 'PT429', message: 'too many registrations from this phone', hint: 'retry after 3600 seconds' },
      status: 429,
    });
    await expect(registerProvider(input)).resolves.toEqual({
      ok: false,
      reason: 'rate-limited',
      message: 'too many registrations from this phone',
      retryAfterSeconds: 3600,
    });
    clientAnswering({ data: null, error: { code: '', message: 'TypeError: Failed to fetch' }, status: 0 });
    await expect(registerProvider(input)).resolves.toMatchObject({ ok: false, reason: 'network' });
    clientAnswering(new TypeError('fetch failed'));
    await expect(registerProvider(input)).resolves.toMatchObject({ ok: false, reason: 'network' });
    clientAnswering({ data: null, error: { code: 'PGRST202', message: 'Could not find the function' }, status: 404 });
    await expect(registerProvider(input)).resolves.toMatchObject({ ok: false, reason: 'unknown' });
    clientAnswering({ data: null, error: { code: 'XX000', message: 'internal' }, status: 500 });
    await expect(registerProvider(input)).resolves.toMatchObject({ ok: false, reason: 'unknown' });
  });

  it('tells apart the answers of the phone-checked registration', () => {
    expect(registrationFailure({ code: '42501', message: 'sign in with your mobile first' }, 401)).toMatchObject({ reason: 'signed-out' });
    expect(
      registrationFailure({ code: '23514', message: 'this mobile already has at most 3 listings', details: 'mobile' }, 400),
    ).toMatchObject({ reason: 'too-many-listings' });
    expect(registrationFailure({ code: '23505', message: 'already registered', details: 'name' }, 409)).toMatchObject({
      reason: 'already-registered',
    });
    expect(registrationFailure({ code: '22001', message: 'value too long', details: 'p_address' }, 400)).toMatchObject({
      reason: 'too-long',
      field: 'address',
    });
    expect(
      registrationFailure({ code: '23514', message: 'business_name: no phone numbers or links', details: 'business_name' }, 400),
    ).toMatchObject({ reason: 'contact-details', field: 'business_name' });
    // Another check on the mobile (not the listing limit) stays a plain refusal of that field.
    expect(registrationFailure({ code: '23514', message: 'mobile must be 10 digits', details: 'mobile' }, 400)).toMatchObject({
      reason: 'invalid',
      field: 'mobile',
    });
  });
});
