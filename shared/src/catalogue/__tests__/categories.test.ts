import { CATEGORIES, INITIAL_CATEGORY_COUNT, OTHER_CATEGORY_ID } from '../categories';
import { CATEGORY_DETAILS } from '../category-details';
import { OTHER_SERVICES } from '../other-services';
import { matchCategories, storedCategoryValue } from '../category-value';

/** Each kind in the spec's welcome banner, mapped to the ids that cover it. */
const BANNER_KINDS: Record<string, string[]> = {
  plumber: ['plumber'],
  electrician: ['electrician'],
  painter: ['painter'],
  'resume maker': ['resume-maker'],
  website: ['website-design'],
  'computer project': ['computer-project'],
  'PG/room': ['pg-room'],
  'car rental': ['car-rental'],
  'bike mechanic': ['bike-mechanic'],
  'fast food': ['fast-food'],
  barber: ['barber'],
  'beauty parlour': ['beauty-parlour'],
  'property dealer': ['property-dealer'],
  restaurant: ['restaurant'],
  coaching: ['coaching'],
  'e-rickshaw': ['e-rickshaw'],
  'scrap dealer': ['scrap-dealer'],
  mason: ['mason'],
  'AC mechanic': ['ac-mechanic'],
  'event planner': ['event-planner'],
  gym: ['gym'],
  photographer: ['photographer'],
  carpenter: ['carpenter'],
  'yoga instructor': ['yoga-instructor'],
  'RO water service': ['ro-service'],
  cleaning: ['cleaning'],
  'pet shops': ['pet-shop'],
  'driving schools': ['driving-school'],
  'car service': ['car-service'],
  'packers and movers': ['packers-movers'],
  'local jobs': ['local-jobs'],
  gardener: ['gardener'],
  'health care': ['health-care'],
  'kids care': ['kids-care'],
};

/** Other kinds the district needs (from the brief). */
const DISTRICT_KINDS = [
  'home-tutor',
  'tiffin-service',
  'tent-house',
  'dj-sound',
  'mehndi-artist',
  'tailor',
  'cobbler',
  'locksmith',
  'cctv',
  'mobile-repair',
  'laptop-repair',
  'pest-control',
  'water-tank-cleaning',
  'welder',
  'tiles-marble',
  'pop-false-ceiling',
  'interior-designer',
  'lawyer',
  'ca-tax',
  'insurance-agent',
  'travel-agent',
  'taxi',
  'tractor',
  'jcb',
  'transport-tempo',
  'courier',
  'printing-flex',
  'cyber-cafe',
  'astrologer',
  'pandit',
  'caterer',
  'halwai',
  'sweet-shop',
  'dairy',
  'grocery-delivery',
  'medical-store',
  'doctor',
  'dentist',
  'physiotherapist',
  'nurse-attendant',
  'pathology-lab',
  'veterinary',
  'music-teacher',
  'dance-teacher',
  'computer-classes',
  'spoken-english',
  'maid',
  'cook',
  'security-guard',
  'borewell',
  'solar-panel',
  'inverter-battery',
  'appliance-repair',
  'tv-repair',
  'furniture',
  'glass-aluminium',
  'hardware-shop',
];

const ids = CATEGORIES.map((c) => c.id);
/** Each category with its details (empty if missing: the tests below then fail by name). */
const FULL = CATEGORIES.map((c) => ({ ...c, ...(CATEGORY_DETAILS[c.id] ?? { keywords: [], desc: { en: '', hi: '' } }) }));
const graphemes = (s: string): string[] => [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(s)].map((g) => g.segment);

describe('CATEGORIES', () => {
  it('has about 90 categories (85 to 100)', () => {
    expect(CATEGORIES.length).toBeGreaterThanOrEqual(85);
    expect(CATEGORIES.length).toBeLessThanOrEqual(100);
  });

  it('has enough categories to fill the first grid page', () => {
    expect(CATEGORIES.length).toBeGreaterThan(INITIAL_CATEGORY_COUNT);
    expect(INITIAL_CATEGORY_COUNT).toBe(24);
  });

  it('has unique kebab-case ids', () => {
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('has unique stored values, Hindi names and English names', () => {
    const stored = CATEGORIES.map(storedCategoryValue);
    expect(new Set(stored).size).toBe(stored.length);
    expect(new Set(CATEGORIES.map((c) => c.hi)).size).toBe(CATEGORIES.length);
    expect(new Set(CATEGORIES.map((c) => c.en.toLowerCase())).size).toBe(CATEGORIES.length);
  });

  it('contains no "other" entry (the form adds Other itself)', () => {
    expect(OTHER_CATEGORY_ID).toBe('other');
    expect(ids).not.toContain(OTHER_CATEGORY_ID);
    for (const c of CATEGORIES) {
      expect(c.en.toLowerCase()).not.toMatch(/^others?$/);
      expect(c.hi).not.toMatch(/^अन्य$/);
    }
  });

  it.each(Object.entries(BANNER_KINDS))('covers banner kind "%s"', (_kind, kindIds) => {
    expect(kindIds.some((id) => ids.includes(id))).toBe(true);
  });

  it('covers the other kinds a district needs', () => {
    const missing = DISTRICT_KINDS.filter((id) => !ids.includes(id));
    expect(missing).toEqual([]);
  });

  it.each(FULL.map((c) => [c.id, c] as const))('%s has non-empty names and descriptions', (_id, c) => {
    for (const s of [c.en, c.hi, c.desc.en, c.desc.hi]) {
      expect(s.trim()).not.toBe('');
      expect(s).toBe(s.trim());
    }
    // Hindi texts are written in Devanagari, English ones are not.
    expect(c.hi).toMatch(/[\u0900-\u097F]/);
    expect(c.desc.hi).toMatch(/[\u0900-\u097F]/);
    expect(c.en).not.toMatch(/[\u0900-\u097F]/);
    expect(c.desc.en).not.toMatch(/[\u0900-\u097F]/);
  });

  it.each(CATEGORIES.map((c) => [c.id, c] as const))('%s has a single-emoji icon', (_id, c) => {
    expect(graphemes(c.icon)).toHaveLength(1);
    expect(c.icon).toMatch(/\p{Extended_Pictographic}/u);
  });

  it.each(FULL.map((c) => [c.id, c] as const))('%s has good keywords', (_id, c) => {
    expect(c.keywords).toContain(c.en.toLowerCase());
    for (const k of c.keywords) {
      expect(k).toBe(k.toLowerCase());
      expect(k).toBe(k.trim());
      expect(k).not.toBe('');
    }
    expect(new Set(c.keywords).size).toBe(c.keywords.length);
    // Hindi (Devanagari) and romanised words are both present.
    expect(c.keywords.some((k) => /[\u0900-\u097F]/.test(k))).toBe(true);
    expect(c.keywords.filter((k) => /^[a-z0-9 .\-/&]+$/.test(k)).length).toBeGreaterThanOrEqual(3);
  });

  it('includes the example spellings for plumber and electrician', () => {
    const plumber = FULL.find((c) => c.id === 'plumber');
    const electrician = FULL.find((c) => c.id === 'electrician');
    expect(plumber?.hi).toBe('प्लंबर');
    expect(plumber?.keywords).toEqual(expect.arrayContaining(['plumber', 'plambar', 'nal', 'pipe', 'प्लंबर', 'नल', 'पाइप']));
    expect(electrician?.keywords).toEqual(expect.arrayContaining(['बिजली', 'bijli']));
  });

  it('lists the most in-demand trades on the first grid page', () => {
    const firstPage = ids.slice(0, INITIAL_CATEGORY_COUNT);
    expect(firstPage.slice(0, 2)).toEqual(['plumber', 'electrician']);
    for (const id of ['carpenter', 'painter', 'mason', 'ac-mechanic', 'bike-mechanic']) {
      expect(firstPage).toContain(id);
    }
  });

  it('is frozen', () => {
    expect(Object.isFrozen(CATEGORIES)).toBe(true);
    expect(Object.isFrozen(CATEGORY_DETAILS)).toBe(true);
  });
});

describe('CATEGORY_DETAILS', () => {
  it('has details for every category', () => {
    expect(ids.filter((id) => !Object.hasOwn(CATEGORY_DETAILS, id))).toEqual([]);
  });

  it('has no details without a category', () => {
    expect(Object.keys(CATEGORY_DETAILS).filter((id) => !ids.includes(id))).toEqual([]);
  });
});

describe('OTHER_SERVICES', () => {
  it('includes Bakery / बेकरी', () => {
    expect(OTHER_SERVICES).toContainEqual(expect.objectContaining({ en: 'Bakery', hi: 'बेकरी' }));
  });

  it('has about 10 non-empty, unique entries that are not catalogue categories', () => {
    expect(OTHER_SERVICES.length).toBeGreaterThanOrEqual(8);
    expect(OTHER_SERVICES.length).toBeLessThanOrEqual(14);
    const catalogueNames = new Set(CATEGORIES.flatMap((c) => [c.en.toLowerCase(), c.hi]));
    for (const s of OTHER_SERVICES) {
      expect(s.en.trim()).not.toBe('');
      expect(s.hi).toMatch(/[\u0900-\u097F]/);
      expect(catalogueNames.has(s.en.toLowerCase())).toBe(false);
      expect(catalogueNames.has(s.hi)).toBe(false);
    }
    expect(new Set(OTHER_SERVICES.map((s) => s.en)).size).toBe(OTHER_SERVICES.length);
  });
});

describe('OTHER_SERVICES (listed as text under "more services offered here")', () => {
  it.each(OTHER_SERVICES.map((s) => [s.en, s] as const))('%s is searchable: its names are keywords of its category', (_, s) => {
    const category = CATEGORIES.find((c) => c.id === s.category);
    expect(category).toBeDefined();
    const keywords = CATEGORY_DETAILS[s.category]!.keywords;
    expect(keywords).toContain(s.en.toLowerCase());
    expect(keywords).toContain(s.hi);
    // The app's search suggests the category for either name.
    expect(matchCategories(s.en, CATEGORY_DETAILS, 'en')).toContain(category);
    expect(matchCategories(s.hi, CATEGORY_DETAILS, 'hi')).toContain(category);
  });

  it('finds Bakery / बेकरी first under Sweet Shop', () => {
    expect(matchCategories('Bakery', CATEGORY_DETAILS, 'en')[0]?.id).toBe('sweet-shop');
    expect(matchCategories('बेकरी', CATEGORY_DETAILS, 'hi')[0]?.id).toBe('sweet-shop');
  });
});
