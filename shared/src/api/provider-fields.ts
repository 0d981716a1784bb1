/**
 * The public fields of a provider row (never an Aadhaar number: that lives in a private table).
 * Here, not in a remote, because the directory's list cards, the profile and the admin queue all
 * extend it; the authority on the shape is supabase/migrations.
 */
export interface ProviderFields {
  id: string;
  name: string;
  business_name: string | null;
  mobile: string;
  /** Stored category value: `${icon} ${hi}` or 'OTHERS: text'. */
  category: string;
  specialist_in: string | null;
  experience: number | null;
  address: string;
  verified: boolean;
  registration_date: string;
  /**
   * Null: available. A date (YYYY-MM-DD) on or after today in Asia/Kolkata: on leave until then
   * (isOnLeave); an earlier date is a leave that has ended. Optional: older rows and builds.
   */
  on_leave_until?: string | null;
  /** The provider's opening hours per weekday, or null when not given. */
  opening_hours?: OpeningHours | null;
  /**
   * True when open wrong-number/closed reports from 3 different signed-in phones exist (migration
   * 0011): the profile says "some people say this number may be wrong". Optional: older rows and builds.
   */
  number_caution?: boolean;
  /**
   * The provider's place (migration 0018): a village, a town or a ward of the district's places,
   * by kind and LGD code; null for listings without one. Optional: older rows and builds.
   */
  place_kind?: PlaceKind | null;
  place_code?: string | null;
  /** Whom they serve: around their place (serve_radius_km), their whole tehsil, or a chosen list. */
  serve_mode?: ServeMode;
  serve_radius_km?: number;
  /**
   * The place's names and centre, embedded by the profile's read (PROFILE_PROVIDER_COLUMNS);
   * absent from other reads, null when the listing has no place.
   */
  place?: ProviderPlace | null;
  /** The places of a 'list' (serve_mode), embedded by the profile's read; absent elsewhere. */
  serves?: { place: PlaceName | null }[];
  /**
   * The operator's check that made the listing verified (migration 0016): the day (YYYY-MM-DD)
   * and how (one or more VerificationMethod); both null when not verified. Optional: older
   * rows and builds, and search results (which carry verified only).
   */
  verified_on?: string | null;
  verified_how?: VerificationMethod[] | null;
}

/** The kinds of places (migration 0018): district -> tehsil -> village, district/tehsil -> town -> ward. */
export type PlaceKind = 'district' | 'tehsil' | 'town' | 'village' | 'ward';
/** A place's key and names (the places table). */
export interface PlaceName {
  kind: PlaceKind;
  code: string;
  name_en: string;
  name_hi: string | null;
}

/** A provider's place as the profile reads it: names and centre (numeric: a string or a number). */
export interface ProviderPlace extends PlaceName {
  lat: number | string | null;
  lon: number | string | null;
  /** Its tehsil or town, where a read brings it ("Lalbagh, Sitapur"); the profile's first read does not. */
  parent?: PlaceName | null;
}

/** How a provider says whom they serve (service_providers.serve_mode). */
export type ServeMode = 'nearby' | 'tehsil' | 'list';
/** How the operator checked a person (migration 0016): documents seen, visited, called. */
export type VerificationMethod = 'documents' | 'visited' | 'called';

/** Weekday keys of OpeningHours, Monday first. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One day's hours, 24 h "HH:MM", open before close; null is closed that day. */
export interface DayHours {
  open: string;
  close: string;
}
export type OpeningHours = Record<Weekday, DayHours | null>;
