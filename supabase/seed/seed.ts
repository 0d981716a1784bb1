/**
 * Deterministic demo data for one district (Sitapur, Uttar Pradesh): providers
 * in every catalogue category with Hindi and English names, 10-digit mobiles,
 * addresses in local mohallas, a mix of verified/unverified and
 * approved/pending/rejected, ratings and reviews in Hindi and English, and
 * three advertisements (image, video, YouTube; one expired).
 *
 * Same seed value, same rows (ids included). Runs as the database owner in one
 * transaction, with triggers off for speed; aggregates are computed at the end.
 * The Aadhaar numbers are fake but well-formed (the database checks the Verhoeff digit):
 * they start with 9999, the range of UIDAI's test residents.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATEGORIES, storedCategoryValue } from '@city/shared/catalogue';
import { OTHER_SERVICES } from '@city/shared/catalogue/other-services';
import { verhoeffCheckDigit } from '@city/shared/validation/verhoeff';
import type { Db } from '../local/db/types.ts';
import { createUserIn } from '../local/auth/users.ts';
import { PACKAGE_DIR } from '../local/paths.ts';
import { formatPlaceErrors, importPlacesCsv } from '@city/shared/places/import';

export interface SeedOptions {
  /** Number of providers (default 600). */
  providers?: number;
  /** PRNG seed (default 20250905). */
  seed?: number;
  /** Base URL for media of the demo ads (default http://127.0.0.1:54321). */
  mediaBaseUrl?: string;
  /** Also create this admin user (e-mail/password). */
  admin?: { email: string; password: string };
}

export interface SeedCounts {
  providers: number;
  ratings: number;
  reviews: number;
  clicks: number;
  ads: number;
}

/** mulberry32: small, fast, deterministic. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_HI = [
  'राम',
  'श्याम',
  'मोहन',
  'सुरेश',
  'राजेश',
  'दिनेश',
  'महेश',
  'रमेश',
  'अनिल',
  'सुनील',
  'विकास',
  'अमित',
  'संजय',
  'मनोज',
  'राकेश',
  'प्रदीप',
  'अजय',
  'विजय',
  'राहुल',
  'पंकज',
  'सीमा',
  'सुनीता',
  'पूजा',
  'रेखा',
  'अंजली',
  'नेहा',
  'प्रिया',
  'गीता',
  'मोहम्मद',
  'इमरान',
  'सलीम',
  'शाहिद',
  'फ़ातिमा',
  'रुबीना',
  'गुरप्रीत',
  'हरजीत',
];
const FIRST_EN = [
  'Ram',
  'Shyam',
  'Mohan',
  'Suresh',
  'Rajesh',
  'Dinesh',
  'Mahesh',
  'Ramesh',
  'Anil',
  'Sunil',
  'Vikas',
  'Amit',
  'Sanjay',
  'Manoj',
  'Rakesh',
  'Pradeep',
  'Ajay',
  'Vijay',
  'Rahul',
  'Pankaj',
  'Seema',
  'Sunita',
  'Pooja',
  'Rekha',
  'Anjali',
  'Neha',
  'Priya',
  'Geeta',
  'Mohammad',
  'Imran',
  'Salim',
  'Shahid',
  'Fatima',
  'Rubina',
  'Gurpreet',
  'Harjeet',
];
const LAST_HI = [
  'कुमार',
  'शर्मा',
  'वर्मा',
  'गुप्ता',
  'यादव',
  'मिश्रा',
  'तिवारी',
  'शुक्ला',
  'श्रीवास्तव',
  'पाण्डेय',
  'सिंह',
  'मौर्य',
  'राठौर',
  'अग्रवाल',
  'खान',
  'अंसारी',
  'कुरैशी',
  'सिद्दीकी',
  'चौहान',
  'पाल',
  'सैनी',
  'प्रजापति',
  'विश्वकर्मा',
  'कश्यप',
];
const LAST_EN = [
  'Kumar',
  'Sharma',
  'Verma',
  'Gupta',
  'Yadav',
  'Mishra',
  'Tiwari',
  'Shukla',
  'Srivastava',
  'Pandey',
  'Singh',
  'Maurya',
  'Rathore',
  'Agarwal',
  'Khan',
  'Ansari',
  'Qureshi',
  'Siddiqui',
  'Chauhan',
  'Pal',
  'Saini',
  'Prajapati',
  'Vishwakarma',
  'Kashyap',
];
const MOHALLAS: [string, string][] = [
  ['Lalbagh', 'लालबाग'],
  ['Civil Lines', 'सिविल लाइन्स'],
  ['Station Road', 'स्टेशन रोड'],
  ['Sadar Bazar', 'सदर बाज़ार'],
  ['Tarinpur', 'तरीनपुर'],
  ['Kotwali Road', 'कोतवाली रोड'],
  ['Subhash Nagar', 'सुभाष नगर'],
  ['Azad Nagar', 'आज़ाद नगर'],
  ['Shastri Nagar', 'शास्त्री नगर'],
  ['Ram Nagar', 'राम नगर'],
  ['Purani Bazar', 'पुरानी बाज़ार'],
  ['Kazipura', 'काज़ीपुरा'],
  ['Brahmpuri', 'ब्रह्मपुरी'],
  ['Khairabad Road', 'खैराबाद रोड'],
  ['Rajendra Nagar', 'राजेन्द्र नगर'],
  ['Nehru Colony', 'नेहरू कॉलोनी'],
  ['Indira Nagar', 'इंदिरा नगर'],
  ['Mission Compound', 'मिशन कंपाउंड'],
  ['Bus Stand Road', 'बस स्टैंड रोड'],
  ['Tehsil Chauraha', 'तहसील चौराहा'],
  ['Hospital Road', 'अस्पताल रोड'],
  ['Lakhimpur Road', 'लखीमपुर रोड'],
  ['Gandhi Nagar', 'गांधी नगर'],
  ['Patel Nagar', 'पटेल नगर'],
];
const LANDMARKS_EN = [
  'near Hanuman Mandir',
  'opposite SBI',
  'near Jama Masjid',
  'behind Tehsil',
  'near Inter College',
  'opposite Petrol Pump',
  'near Bus Stand',
  'near Post Office',
];
const LANDMARKS_HI = [
  'हनुमान मंदिर के पास',
  'एसबीआई के सामने',
  'जामा मस्जिद के पास',
  'तहसील के पीछे',
  'इंटर कॉलेज के पास',
  'पेट्रोल पंप के सामने',
  'बस स्टैंड के पास',
  'डाकघर के पास',
];
const BUSINESS_EN = [
  '{last} {cat} Services',
  'Shri Ram {cat}',
  'New {mohalla} {cat}',
  '{first} {cat} Works',
  'Maa Durga {cat}',
  'Royal {cat} Point',
  'Sitapur {cat} Centre',
  'Sai {cat} Solutions',
];
const BUSINESS_HI = [
  '{last} {cat} सेवा',
  'श्री राम {cat}',
  'न्यू {mohalla} {cat}',
  '{first} {cat} वर्क्स',
  'माँ दुर्गा {cat}',
  'रॉयल {cat} पॉइंट',
  'सीतापुर {cat} सेंटर',
  'साईं {cat}',
];
const SPECIAL_EN = [
  'Home visits',
  'Commercial work',
  'Same-day service',
  'Weddings and events',
  'Repair and installation',
  'All brands',
  '24x7 emergency',
];
const SPECIAL_HI = ['घर पर सेवा', 'दुकान और ऑफिस का काम', 'उसी दिन सेवा', 'शादी और कार्यक्रम', 'मरम्मत और फिटिंग', 'सभी ब्रांड', '24 घंटे इमरजेंसी सेवा'];
const REVIEWS = [
  'बहुत अच्छा काम किया, समय पर आए।',
  'काम साफ़-सुथरा और दाम भी ठीक।',
  'भरोसेमंद आदमी हैं, सबको सलाह दूँगा।',
  'थोड़ी देर से आए लेकिन काम बढ़िया था।',
  'अच्छा व्यवहार, दोबारा बुलाएँगे।',
  'काम ठीक-ठाक था, और सुधार हो सकता है।',
  'Very good work, came on time.',
  'Reasonable rates and neat work. Recommended!',
  'Polite and professional. Fixed the problem in one visit.',
  'Good service but a little costly.',
  'Excellent! Will call again for sure.',
  'Average experience, took two visits to finish.',
  'Bahut badhiya kaam, thank you bhaiya.',
  'Sahi rate mein achha kaam kiya.',
];

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)]!;
}

function uuidFrom(r: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(r() * 16).toString(16));
  hex[12] = '4';
  hex[16] = '89ab'[Math.floor(r() * 4)]!;
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** A test-range Aadhaar number (9999 + 7 of the given digits + the Verhoeff check digit). */
function testAadhaar(random: string): string {
  const body = '9999' + random.slice(0, 7);
  return body + String(verhoeffCheckDigit(body));
}

function digits(r: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += Math.floor(r() * 10);
  return s;
}

interface ProviderRow {
  id: string;
  name: string;
  business_name: string | null;
  mobile: string;
  category: string;
  specialist_in: string | null;
  experience: number;
  address: string;
  verified: boolean;
  status: 'pending' | 'approved' | 'rejected';
  registration_date: string;
  rejection_reason: string | null;
  reviewed_at: string | null;
  /** Issue 17: on leave up to and including this day (YYYY-MM-DD), or null. */
  on_leave_until?: string | null;
  opening_hours?: OpeningHours | null;
  /** Issue 27: the provider's place (a ward of the town, a village) or none, and whom they serve. */
  place_kind?: string | null;
  place_code?: string | null;
  serve_mode?: 'nearby' | 'tehsil' | 'list';
  serve_radius_km?: number;
}

type Hours = { open: string; close: string } | null;
type OpeningHours = Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', Hours>;

/** The demo provider whose listing a developer can manage at /my-listing (README: "Try /my-listing"). */
const DEMO_PROVIDER_MOBILE = '9876500001';

const week = (day: Hours, sat: Hours = day, sun: Hours = null): OpeningHours => ({
  mon: day,
  tue: day,
  wed: day,
  thu: day,
  fri: day,
  sat,
  sun,
});
/** A few shapes of opening hours for the demo data: shop hours, long hours, mornings only. */
const HOURS: OpeningHours[] = [
  week({ open: '09:00', close: '19:00' }),
  week({ open: '10:00', close: '20:00' }, { open: '10:00', close: '20:00' }, { open: '10:00', close: '14:00' }),
  week({ open: '08:00', close: '13:00' }, { open: '08:00', close: '13:00' }, null),
  week({ open: '07:00', close: '22:00' }, { open: '07:00', close: '22:00' }, { open: '07:00', close: '22:00' }),
];

/** Today in the district (Asia/Kolkata, UTC+5:30, no daylight saving) plus `days`, as YYYY-MM-DD. */
function kolkataDate(ms: number, days = 0): string {
  return new Date(ms + (5.5 * 60 + days * 24 * 60) * 60_000).toISOString().slice(0, 10);
}

interface GeneratedData {
  providers: ProviderRow[];
  identities: { provider_id: string; aadhaar: string }[];
  ratings: { provider_id: string; device_hash: string; rating: number; created_at: string }[];
  reviews: { id: string; provider_id: string; review_text: string; created_at: string }[];
  clicks: { provider_id: string; click_type: string; created_at: string }[];
}

/**
 * Issue 27: the demo district's places are supabase/seed/places-demo.csv (a made-up district in
 * the LGD shape: 4 tehsils, 400 villages, the 24 wards of Sitapur town, named as the mohallas
 * above). Most providers are in the ward of their mohalla; every 5th is in a village; every
 * 10th has no place (as listings from before places). Every 7th serves the whole tehsil.
 * Derived from the row number only: the random stream, so every other row, is unchanged.
 */
const PLACES_CSV = join(PACKAGE_DIR, 'seed', 'places-demo.csv');
const SEED_WARD_CODE = (mohalla: number) => String(9270101 + mohalla);
const SEED_VILLAGE_CODE = (n: number) => String(927001 + (n % 400) * 7);

function seedPlace(i: number, mohalla: number): Partial<ProviderRow> {
  const none = { place_kind: null, place_code: null, serve_mode: 'nearby' as const, serve_radius_km: 10 };
  if (i % 10 === 9 || mohalla < 0) return none;
  const serve_mode = i % 7 === 0 ? ('tehsil' as const) : ('nearby' as const);
  if (i % 5 === 4) return { place_kind: 'village', place_code: SEED_VILLAGE_CODE(i * 13), serve_mode, serve_radius_km: 15 };
  return { place_kind: 'ward', place_code: SEED_WARD_CODE(mohalla), serve_mode, serve_radius_km: 10 };
}

/** Loads places-demo.csv with the importer's own SQL functions, as the service role. */
async function seedPlaces(db: Db): Promise<void> {
  const text = readFileSync(PLACES_CSV, 'utf8');
  await db.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
    const result = await importPlacesCsv(
      text,
      async (fn, args) => {
        const names = Object.keys(args);
        const call = `select public.${fn === 'stage_places' ? 'stage_places' : 'commit_places'}(${names
          .map((n, k) => `${n} => $${k + 1}`)
          .join(', ')}) as r`;
        const { rows } = await tx.query<{ r: unknown }>(
          call,
          names.map((n) => (n === 'p_rows' ? JSON.stringify(args[n]) : args[n])),
        );
        return rows[0]?.r;
      },
      'demo seed',
    );
    if (!result.ok) throw new Error(`seed places: ${formatPlaceErrors(result.errors).join('; ')}`);
    await tx.query(`select set_config('request.jwt.claims', '', true)`);
  });
}

/** Pure generator (no database): same options, same data. */
function generateSeedData(opts: SeedOptions = {}, now = Date.now()): GeneratedData {
  const r = prng(opts.seed ?? 20250905);
  const count = opts.providers ?? 600;
  const large = count > 5000;
  const DAY = 86_400_000;
  const iso = (ms: number) => new Date(ms).toISOString();
  const out: GeneratedData = { providers: [], identities: [], ratings: [], reviews: [], clicks: [] };
  const cats = CATEGORIES;
  for (let i = 0; i < count; i++) {
    const hindi = r() < 0.5;
    const fi = Math.floor(r() * FIRST_EN.length);
    const li = Math.floor(r() * LAST_EN.length);
    const first = hindi ? FIRST_HI[fi]! : FIRST_EN[fi]!;
    const last = hindi ? LAST_HI[li]! : LAST_EN[li]!;
    // Every category gets providers (round-robin first), then weighted to the top of the grid.
    const isOther = r() < 0.02;
    const cat = i < cats.length ? cats[i]! : cats[Math.floor(Math.pow(r(), 1.6) * cats.length)]!;
    const other = pick(r, OTHER_SERVICES);
    const category = isOther ? `OTHERS: ${hindi ? other.hi : other.en}` : storedCategoryValue(cat);
    const catLabel = isOther ? (hindi ? other.hi : other.en) : hindi ? cat.hi : cat.en;
    const mohalla = pick(r, MOHALLAS);
    const [mohEn, mohHi] = mohalla;
    let business: string | null = null;
    if (r() < 0.6) {
      business = pick(r, hindi ? BUSINESS_HI : BUSINESS_EN)
        .replace('{last}', last)
        .replace('{first}', first)
        .replace('{mohalla}', hindi ? mohHi : mohEn)
        .replace('{cat}', catLabel);
    }
    const house = 1 + Math.floor(r() * 450);
    const landmarkIdx = Math.floor(r() * LANDMARKS_EN.length);
    const address = hindi
      ? `मकान नं. ${house}, ${mohHi}, ${LANDMARKS_HI[landmarkIdx]}, सीतापुर 261001`
      : `H.No. ${house}, ${mohEn}, ${LANDMARKS_EN[landmarkIdx]}, Sitapur 261001`;
    const statusRoll = r();
    const status: ProviderRow['status'] = statusRoll < 0.08 ? 'pending' : statusRoll < 0.11 ? 'rejected' : 'approved';
    const verified = r() < 0.55;
    const registered = now - Math.floor(r() * 420 * DAY) - Math.floor(r() * DAY);
    const id = uuidFrom(r);
    out.providers.push({
      id,
      name: `${first} ${last}`,
      business_name: business,
      mobile: String(6 + Math.floor(r() * 4)) + digits(r, 9),
      category,
      specialist_in: r() < 0.6 ? pick(r, hindi ? SPECIAL_HI : SPECIAL_EN) : null,
      experience: Math.floor(Math.pow(r(), 1.5) * 30),
      address,
      verified,
      status,
      registration_date: iso(registered),
      rejection_reason:
        status === 'rejected' ? pick(r, ['Mobile number not reachable', 'Duplicate registration', 'मोबाइल नंबर बंद मिला']) : null,
      reviewed_at: status === 'pending' ? null : iso(registered + DAY),
      ...seedPlace(i, MOHALLAS.indexOf(mohalla)),
    });
    if (verified) out.identities.push({ provider_id: id, aadhaar: testAadhaar(digits(r, 11)) });
    if (status !== 'approved') continue;
    const nRatings = Math.floor(r() * (large ? 6 : 22));
    const bias = r();
    for (let k = 0; k < nRatings; k++) {
      const x = r();
      const rating = x < 0.05 ? 1 : x < 0.12 ? 2 : x < 0.3 + bias * 0.1 ? 3 : x < 0.65 + bias * 0.15 ? 4 : 5;
      out.ratings.push({
        provider_id: id,
        // The hash of a token no device holds, as the database stores a device.
        device_hash: createHash('sha256')
          .update(`seed-device-${uuidFrom(r)}`)
          .digest('hex'),
        rating: bias < 0.15 ? Math.max(1, rating - 2) : rating,
        created_at: iso(registered + Math.floor(r() * (now - registered))),
      });
    }
    const nReviews = Math.floor(r() * (large ? 2 : 5));
    for (let k = 0; k < nReviews; k++) {
      out.reviews.push({
        id: uuidFrom(r),
        provider_id: id,
        review_text: pick(r, REVIEWS),
        created_at: iso(registered + Math.floor(r() * (now - registered))),
      });
    }
    const nClicks = large ? 0 : Math.floor(r() * 12);
    for (let k = 0; k < nClicks; k++) {
      out.clicks.push({
        provider_id: id,
        click_type: r() < 0.55 ? 'call' : 'whatsapp',
        created_at: iso(now - Math.floor(r() * 60 * DAY)),
      });
    }
  }
  // Issue 17 (after the loop, so the random stream above and every other row stay as they were):
  // every 10th provider gives opening hours, one approved provider is on leave, and the first
  // approved provider has a known mobile number (DEMO_PROVIDER_MOBILE) with leads to show.
  out.providers.forEach((p, i) => {
    if (i % 10 === 3) p.opening_hours = HOURS[Math.floor(i / 10) % HOURS.length]!;
  });
  const approved = out.providers.filter((p) => p.status === 'approved');
  const demo = approved[0];
  if (demo) {
    demo.mobile = DEMO_PROVIDER_MOBILE;
    demo.opening_hours = HOURS[0]!;
    for (let k = 0; k < 56; k++) {
      const at = now - k * DAY - ((k * 7919) % 600) * 60_000;
      out.clicks.push({ provider_id: demo.id, click_type: 'view', created_at: iso(at) });
      if (k % 3 === 0) out.clicks.push({ provider_id: demo.id, click_type: 'call', created_at: iso(at + 60_000) });
      if (k % 4 === 1) out.clicks.push({ provider_id: demo.id, click_type: 'whatsapp', created_at: iso(at + 120_000) });
    }
  }
  const onLeave = approved[1];
  if (onLeave) onLeave.on_leave_until = kolkataDate(now, 5);
  return out;
}

export async function seedDatabase(db: Db, opts: SeedOptions = {}): Promise<SeedCounts> {
  const data = generateSeedData(opts);
  // The buckets of supabase/config.toml: images and videos have their own size and type limits.
  const media = (opts.mediaBaseUrl ?? 'http://127.0.0.1:54321').replace(/\/$/, '') + '/storage/v1/object/public';
  const DAY = 86_400_000;
  const now = Date.now();
  const ads = [
    {
      id: '6d1f1c1e-5a0b-4c55-9d0e-000000000001',
      title: 'मुफ़्त रजिस्ट्रेशन - अपनी सेवा जोड़ें / Free registration',
      active: true,
      start_date: null,
      end_date: null,
      media_type: 'image',
      media_url: `${media}/ads-images/free-registration.svg`,
      redirect_link: null,
      sort_order: 0,
      created_at: new Date(now - 20 * DAY).toISOString(),
    },
    {
      id: '6d1f1c1e-5a0b-4c55-9d0e-000000000002',
      title: 'दीवाली ऑफ़र: एसी सर्विस पर 20% छूट',
      active: true,
      start_date: new Date(now - 7 * DAY).toISOString(),
      end_date: new Date(now + 365 * DAY).toISOString(),
      media_type: 'video',
      media_url: `${media}/ads-videos/ac-service-offer.webm`,
      redirect_link: 'https://wa.me/919999999999',
      sort_order: 0,
      created_at: new Date(now - 7 * DAY).toISOString(),
    },
    {
      id: '6d1f1c1e-5a0b-4c55-9d0e-000000000003',
      title: 'Summer coaching admissions (expired)',
      active: true,
      start_date: new Date(now - 120 * DAY).toISOString(),
      end_date: new Date(now - 30 * DAY).toISOString(),
      media_type: 'youtube',
      media_url: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
      redirect_link: null,
      sort_order: 0,
      created_at: new Date(now - 120 * DAY).toISOString(),
    },
  ];

  await seedPlaces(db);
  await db.transaction(async (tx) => {
    await tx.exec('set local session_replication_role = replica');
    // Table names here are fixed strings of this file, never input.
    const chunked = async (table: string, rows: object[], sql?: string) => {
      for (let i = 0; i < rows.length; i += 5000) {
        await tx.query(sql ?? `insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`, [
          JSON.stringify(rows.slice(i, i + 5000)),
        ]);
      }
    };
    const providers = data.providers.map((p) => ({
      ...p,
      avg_rating: 0,
      rating_count: 0,
      rating_sum: 0,
      search_text: '',
      search_key: '',
      number_caution: false,
    }));
    await chunked('public.service_providers', providers);
    await chunked(
      'private.provider_identity',
      data.identities.map((i) => ({ ...i, created_at: new Date().toISOString() })),
    );
    await chunked(
      'public.service_ratings',
      data.ratings,
      `insert into public.service_ratings (provider_id, device_hash, rating, created_at, updated_at)
       select provider_id, device_hash, rating, created_at, created_at
         from json_populate_recordset(null::public.service_ratings, $1::json)`,
    );
    await chunked(
      'public.reviews',
      data.reviews.map((r) => ({ ...r, hidden: false })),
    );
    await chunked(
      'public.click_tracking',
      data.clicks,
      `insert into public.click_tracking (provider_id, click_type, created_at)
       select provider_id, click_type, created_at from json_populate_recordset(null::public.click_tracking, $1::json)`,
    );
    await chunked('public.advertisements', ads);
    await tx.query(
      `update public.service_providers p
          set avg_rating = s.avg, rating_count = s.n, rating_sum = s.total
         from (select provider_id, round(avg(rating), 1) as avg, count(*)::int as n, sum(rating)::int as total
                 from public.service_ratings group by provider_id) s
        where s.provider_id = p.id`,
    );
    await tx.query(
      `update public.service_providers p
          set verified = exists (select 1 from private.provider_identity i where i.provider_id = p.id),
              -- The demo's verified providers: the operator checked them a few days after they registered.
              verified_on = case when exists (select 1 from private.provider_identity i where i.provider_id = p.id)
                                 then least(p.registration_date::date + 3, current_date) end,
              verified_how = case when not exists (select 1 from private.provider_identity i where i.provider_id = p.id) then null
                                  when abs(hashtext(p.id::text)) % 3 = 0 then '{documents}'::text[]
                                  when abs(hashtext(p.id::text)) % 3 = 1 then '{called,documents}'::text[]
                                  else '{visited}'::text[] end,
              search_text = public.provider_search_text(p.name, p.business_name, p.mobile, p.category, p.specialist_in),
              search_key = private.provider_search_key(p.name, p.business_name, p.specialist_in, p.address)`,
    );
    await tx.query(
      `insert into public.category_stats (category, approved, approved_verified, rating_sum, rating_count)
       select category, count(*), count(*) filter (where verified), sum(rating_sum), sum(rating_count)
         from public.service_providers where status = 'approved' group by category
       on conflict (category) do update
         set approved = excluded.approved, approved_verified = excluded.approved_verified,
             rating_sum = excluded.rating_sum, rating_count = excluded.rating_count`,
    );
    await tx.query(
      `insert into public.search_words (word, providers)
       select w, count(*) from public.service_providers p, public.search_words_of(p.search_text) as w
        where p.status = 'approved' group by w
       on conflict (word) do update set providers = excluded.providers`,
    );
    // The postings of the search keys (0025), as private.follow_search_postings would write them.
    await tx.query(
      `insert into private.search_postings (word, id, category, verified, avg_rating, on_leave_until, rating_sum,
                                            rating_count, registration_date, in_name, in_name_mid)
       select w.word, p.id, p.category, p.verified, p.avg_rating, p.on_leave_until, p.rating_sum,
              p.rating_count, p.registration_date, w.in_name, w.in_name_mid
         from public.service_providers p cross join lateral private.search_postings_of(p.search_key) w
        where p.status = 'approved'
       on conflict (word, id) do nothing`,
    );
    await tx.query(
      `insert into private.search_key_words (word, providers)
       select w, count(*) from public.service_providers p, private.search_key_words_of(p.search_key) as w
        where p.status = 'approved' group by w
       on conflict (word) do update set providers = excluded.providers`,
    );
    // Who serves each place, counted per place (0026).
    await tx.query('select private.recount_place_servers()');
    if (opts.admin) await createUserIn(tx, { ...opts.admin, email_confirm: true, app_metadata: { role: 'admin' } });
  });
  // Visibility map + statistics: counts by category become index-only scans.
  await db.exec('vacuum analyze');
  return {
    providers: data.providers.length,
    ratings: data.ratings.length,
    reviews: data.reviews.length,
    clicks: data.clicks.length,
    ads: ads.length,
  };
}
