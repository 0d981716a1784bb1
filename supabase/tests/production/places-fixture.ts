/**
 * The places the issue 27 tests call against (places.test.ts, search-places.test.ts,
 * search-near-place.test.ts): a small piece of the demo district's LGD tree, one for all three.
 * Two wards of Sitapur town (Lalbagh, Civil Lines), and three villages named Rampur in two
 * tehsils (search tells them apart by their parent).
 */
import type { Pool } from 'pg';

interface TestPlace {
  kind: 'district' | 'tehsil' | 'town' | 'ward' | 'village';
  code: string;
  name_en: string;
  name_hi: string;
  parent_kind: string | null;
  parent_code: string | null;
  lat: number | null;
  lon: number | null;
}

// prettier-ignore
const TEST_PLACES: readonly TestPlace[] = [
  { kind: 'district', code: '9027', name_en: 'Sitapur', name_hi: 'सीतापुर', parent_kind: null, parent_code: null, lat: null, lon: null },
  { kind: 'tehsil', code: '90271', name_en: 'Sitapur Sadar', name_hi: 'सीतापुर सदर', parent_kind: 'district', parent_code: '9027', lat: 27.567, lon: 80.683 },
  { kind: 'tehsil', code: '90272', name_en: 'Biswan', name_hi: 'बिसवां', parent_kind: 'district', parent_code: '9027', lat: 27.49, lon: 80.99 },
  { kind: 'town', code: '92701', name_en: 'Sitapur', name_hi: 'सीतापुर', parent_kind: 'tehsil', parent_code: '90271', lat: 27.567, lon: 80.683 },
  { kind: 'ward', code: '9270101', name_en: 'Lalbagh', name_hi: 'लालबाग', parent_kind: 'town', parent_code: '92701', lat: 27.57, lon: 80.68 },
  { kind: 'ward', code: '9270102', name_en: 'Civil Lines', name_hi: 'सिविल लाइन्स', parent_kind: 'town', parent_code: '92701', lat: 27.56, lon: 80.69 },
  { kind: 'village', code: '927001', name_en: 'Rampur', name_hi: 'रामपुर', parent_kind: 'tehsil', parent_code: '90271', lat: 27.6, lon: 80.62 },
  { kind: 'village', code: '927002', name_en: 'Rampur', name_hi: 'रामपुर', parent_kind: 'tehsil', parent_code: '90272', lat: 27.42, lon: 81.04 },
  { kind: 'village', code: '927003', name_en: 'Rampur Kalan', name_hi: 'रामपुर कलां', parent_kind: 'tehsil', parent_code: '90271', lat: 27.65, lon: 80.65 },
];

/** Stores TEST_PLACES (parents first; a place already there is left as it is). */
export async function seedTestPlaces(su: Pool): Promise<void> {
  const columns = ['kind', 'code', 'name_en', 'name_hi', 'parent_kind', 'parent_code', 'lat', 'lon'] as const;
  const values = TEST_PLACES.map((_, i) => `(${columns.map((_c, j) => `$${i * columns.length + j + 1}`).join(', ')})`);
  await su.query(
    `insert into public.places (${columns.join(', ')}) values ${values.join(',\n')} on conflict do nothing`,
    TEST_PLACES.flatMap((p) => columns.map((c) => p[c])),
  );
}
