import type { ServeMode, VisitorPlace } from '@city/shared';

/**
 * Where a provider is and whom they serve (issue 27, migration 0018): the same rules as the
 * database's check (private.check_serve_choice), which re-checks them all. Shared by the
 * registration form and /my-listing's place form.
 */
export const SERVE_LIMITS = { radiusMin: 1, radiusMax: 50, radiusDefault: 10, listMax: 30 } as const;

export const SERVE_MODES: readonly ServeMode[] = ['nearby', 'tehsil', 'list'];

/** A place as chosen with the picker (the visitor-place shape: names and centre come with it). */
export type ChosenPlace = VisitorPlace;

export interface ServeChoiceValues {
  /** The provider's own place (a village, a town or a ward), or none. */
  place: ChosenPlace | null;
  mode: ServeMode;
  /** As typed (kilometres; only for 'nearby'). */
  radiusKm: string;
  /** The places of a 'list' (1 to 30). */
  list: ChosenPlace[];
}

export const EMPTY_SERVE_CHOICE: Readonly<ServeChoiceValues> = Object.freeze({
  place: null,
  mode: 'nearby',
  radiusKm: String(SERVE_LIMITS.radiusDefault),
  list: [],
});

export type ServeField = 'place' | 'serveMode' | 'serveRadius' | 'servePlaces';

/** Fields in the order the form shows them. */
export const SERVE_FIELD_ORDER: readonly ServeField[] = ['place', 'serveMode', 'serveRadius', 'servePlaces'];

/** i18n keys (namespace 'registration') of the place messages. */
export type ServeErrorKey =
  | 'place.errors.tehsilNeedsPlace'
  | 'place.errors.placeKind'
  | 'place.errors.unknownPlace'
  | 'place.errors.badMode'
  | 'place.errors.radius'
  | 'place.errors.listCount'
  | 'place.errors.unknownServePlace';

export const SERVE_ERROR_KEYS: readonly ServeErrorKey[] = [
  'place.errors.tehsilNeedsPlace',
  'place.errors.placeKind',
  'place.errors.unknownPlace',
  'place.errors.badMode',
  'place.errors.radius',
  'place.errors.listCount',
  'place.errors.unknownServePlace',
];

export type ServeErrors = Partial<Record<ServeField, ServeErrorKey>>;

/** The arguments register_provider and set_my_place take (without the listing). */
export interface ServeArgs {
  p_place_kind: string | null;
  p_place_code: string | null;
  p_serve_mode: ServeMode | null;
  p_serve_radius_km: number | null;
  p_serve_places: string[] | null;
}

export type ServeValidation = { ok: true; args: ServeArgs } | { ok: false; errors: ServeErrors; firstInvalid: ServeField };

/** Whole kilometres 1-50 from the typed text (Devanagari digits too), or null. */
export function parseRadius(text: string): number | null {
  const ascii = text.replace(/[०-९]/g, (d) => String(d.charCodeAt(0) - 0x0966)).trim();
  if (!/^[0-9]{1,3}$/.test(ascii)) return null;
  const km = Number(ascii);
  return km >= SERVE_LIMITS.radiusMin && km <= SERVE_LIMITS.radiusMax ? km : null;
}

/** `kind:code`, the database's form of a served place. */
export const placeKey = (p: Pick<ChosenPlace, 'kind' | 'code'>) => `${p.kind}:${p.code}`;

/**
 * Validates the choice. With no place and the default mode nothing is sent (a listing without
 * a place, as before); otherwise the arguments the two functions take.
 */
export function validateServeChoice(values: ServeChoiceValues): ServeValidation {
  const errors: ServeErrors = {};
  if (values.place && !['village', 'town', 'ward'].includes(values.place.kind)) errors.place = 'place.errors.placeKind';
  if (!SERVE_MODES.includes(values.mode)) errors.serveMode = 'place.errors.badMode';
  if (values.mode === 'tehsil' && !values.place) errors.place = 'place.errors.tehsilNeedsPlace';
  const radius = values.mode === 'nearby' ? parseRadius(values.radiusKm) : null;
  if (values.mode === 'nearby' && values.place && radius === null) errors.serveRadius = 'place.errors.radius';
  const list = [...new Map(values.list.map((p) => [placeKey(p), p])).values()];
  if (values.mode === 'list' && (list.length < 1 || list.length > SERVE_LIMITS.listMax)) errors.servePlaces = 'place.errors.listCount';
  const firstInvalid = SERVE_FIELD_ORDER.find((f) => errors[f] !== undefined);
  if (firstInvalid) return { ok: false, errors, firstInvalid };
  if (!values.place && values.mode === 'nearby') {
    return {
      ok: true,
      args: { p_place_kind: null, p_place_code: null, p_serve_mode: null, p_serve_radius_km: null, p_serve_places: null },
    };
  }
  return {
    ok: true,
    args: {
      p_place_kind: values.place?.kind ?? null,
      p_place_code: values.place?.code ?? null,
      p_serve_mode: values.mode,
      p_serve_radius_km: values.mode === 'nearby' ? radius : null,
      p_serve_places: values.mode === 'list' ? list.map(placeKey) : null,
    },
  };
}

/**
 * The field and message for the database's refusal of a place argument: an unknown place
 * (23503), a bad kind, mode, radius or list (22023), the whole tehsil without a place (23502).
 * `details` names the argument. Null when it is not about the place.
 */
export function serveErrorForDb(
  code: string | undefined,
  details: string | null | undefined,
): { field: ServeField; key: ServeErrorKey } | null {
  const arg = (details ?? '').trim().replace(/^p_/, '');
  if (code === '23503' && arg === 'place') return { field: 'place', key: 'place.errors.unknownPlace' };
  if (code === '23503' && arg === 'serve_places') return { field: 'servePlaces', key: 'place.errors.unknownServePlace' };
  if (code === '23502' && arg === 'place') return { field: 'place', key: 'place.errors.tehsilNeedsPlace' };
  if (code === '22023' || code === '22001') {
    if (arg === 'place') return { field: 'place', key: 'place.errors.placeKind' };
    if (arg === 'serve_mode') return { field: 'serveMode', key: 'place.errors.badMode' };
    if (arg === 'serve_radius_km') return { field: 'serveRadius', key: 'place.errors.radius' };
    if (arg === 'serve_places') return { field: 'servePlaces', key: 'place.errors.listCount' };
  }
  return null;
}
