import { formatNumber, type Language, type PlaceName, type ProviderPlace } from '@city/shared';

/** A place's name in the language (Hindi first in Hindi, English otherwise; the other when missing). */
export function placeName(place: Pick<PlaceName, 'name_en' | 'name_hi'>, lang: Language): string {
  return lang === 'hi' ? place.name_hi || place.name_en : place.name_en || place.name_hi || '';
}

/** "Lalbagh, Sitapur": the place and its parent (tehsil or town), in the language. */
export function placeLabel(place: ProviderPlace, lang: Language): string {
  const own = placeName(place, lang);
  return place.parent ? `${own}, ${placeName(place.parent, lang)}` : own;
}

/** A centre as numbers (PostgREST sends numeric as a number; a string is accepted), or null. */
export function centreOf(place: { lat: number | string | null; lon: number | string | null } | null | undefined) {
  if (!place || place.lat === null || place.lon === null) return null;
  const lat = Number(place.lat);
  const lon = Number(place.lon);
  return Number.isFinite(lat) && Number.isFinite(lon) ? { lat, lon } : null;
}

/** Great-circle distance in km: the same haversine as the database's distance_km (migration 0018). */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** "2.4 km" / "2.4 कि॰मी॰": one decimal below 10 km, whole km from 10 on, by Intl for the language. */
export function formatKm(km: number, lang: Language): string {
  const value = km < 10 ? Math.round(km * 10) / 10 : Math.round(km);
  return formatNumber(value, lang, { style: 'unit', unit: 'kilometer', unitDisplay: 'short', maximumFractionDigits: 1 });
}

/**
 * A link that opens the phone's map app at the place's centre. On Android a `geo:` URI: the
 * phone offers the map apps it has (Google Maps, an offline map app) and opens the one chosen,
 * without a web page between. Elsewhere (iPhone, a computer) `geo:` is not handled, so an
 * https maps link: it opens the maps app where one claims such links, else the maps web page.
 */
export function directionsUrl(centre: { lat: number; lon: number }, label: string, userAgent: string): string {
  const at = `${centre.lat},${centre.lon}`;
  if (/Android/i.test(userAgent)) return `geo:${at}?q=${at}(${encodeURIComponent(label)})`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(at)}`;
}
