import {
  CATEGORIES,
  FALLBACK_CATEGORY_ICON,
  OTHERS_PREFIX,
  categoryIcon,
  categoryLabel,
  findCategoryById,
  matchCategories,
  otherCategoryValue,
  parseStoredCategory,
  storedCategoryValue,
} from '..';
import type { Category } from '..';
import { CATEGORY_DETAILS } from '../category-details';

function byId(id: string): Category {
  const c = findCategoryById(id);
  if (!c) throw new Error(`missing category ${id}`);
  return c;
}

describe('storedCategoryValue', () => {
  it('is the icon, a space and the Hindi name', () => {
    expect(storedCategoryValue(byId('plumber'))).toBe('🔧 प्लंबर');
  });

  it.each(CATEGORIES.map((c) => [c.id, c] as const))('round-trips %s through parseStoredCategory', (_id, c) => {
    const parsed = parseStoredCategory(storedCategoryValue(c));
    expect(parsed).toEqual({ kind: 'catalogue', category: c });
  });
});

describe('parseStoredCategory', () => {
  const plumber = () => byId('plumber');

  it('tolerates extra and odd whitespace', () => {
    expect(parseStoredCategory('  🔧   प्लंबर  ')).toEqual({ kind: 'catalogue', category: plumber() });
    expect(parseStoredCategory('🔧\tप्लंबर\n')).toEqual({ kind: 'catalogue', category: plumber() });
  });

  it('tolerates a missing or extra emoji variation selector', () => {
    const ac = byId('ac-mechanic');
    expect(ac.icon).toBe('❄️');
    expect(parseStoredCategory('❄ एसी मैकेनिक')).toEqual({ kind: 'catalogue', category: ac });
    expect(parseStoredCategory('🔧\uFE0F प्लंबर')).toEqual({ kind: 'catalogue', category: plumber() });
  });

  it('accepts a bare Hindi or English name', () => {
    expect(parseStoredCategory('प्लंबर')).toEqual({ kind: 'catalogue', category: plumber() });
    expect(parseStoredCategory('plumber')).toEqual({ kind: 'catalogue', category: plumber() });
  });

  it('accepts a known name after an unknown icon', () => {
    expect(parseStoredCategory('🚰 प्लंबर')).toEqual({ kind: 'catalogue', category: plumber() });
  });

  it('parses OTHERS values', () => {
    expect(OTHERS_PREFIX).toBe('OTHERS: ');
    expect(parseStoredCategory('OTHERS: Bakery')).toEqual({ kind: 'other', text: 'Bakery' });
    expect(parseStoredCategory('  OTHERS:   आटा चक्की  ')).toEqual({ kind: 'other', text: 'आटा चक्की' });
    expect(parseStoredCategory('OTHERS:Cycle repair')).toEqual({ kind: 'other', text: 'Cycle repair' });
    expect(parseStoredCategory('others: bakery')).toEqual({ kind: 'other', text: 'bakery' });
  });

  it('returns unknown with the trimmed raw text otherwise', () => {
    expect(parseStoredCategory('  🧁 केक वाले ')).toEqual({ kind: 'unknown', text: '🧁 केक वाले' });
    expect(parseStoredCategory('')).toEqual({ kind: 'unknown', text: '' });
    expect(parseStoredCategory('प्लंबर और बढ़ई')).toEqual({ kind: 'unknown', text: 'प्लंबर और बढ़ई' });
  });
});

describe('otherCategoryValue', () => {
  it('prefixes and trims the text', () => {
    expect(otherCategoryValue('  Bakery ')).toBe('OTHERS: Bakery');
    expect(parseStoredCategory(otherCategoryValue(' आटा चक्की '))).toEqual({ kind: 'other', text: 'आटा चक्की' });
  });

  it('throws on blank text', () => {
    expect(() => otherCategoryValue('')).toThrow();
    expect(() => otherCategoryValue('   \t ')).toThrow();
  });
});

describe('categoryLabel and categoryIcon', () => {
  it('gives the catalogue name in each language', () => {
    expect(categoryLabel('🔧 प्लंबर', 'hi')).toBe('प्लंबर');
    expect(categoryLabel('🔧 प्लंबर', 'en')).toBe('Plumber');
    const e = byId('electrician');
    expect(categoryLabel(storedCategoryValue(e), 'en')).toBe('Electrician');
    expect(categoryLabel(storedCategoryValue(e), 'hi')).toBe(e.hi);
  });

  it('gives the free text for OTHERS in both languages', () => {
    expect(categoryLabel('OTHERS: Bakery', 'hi')).toBe('Bakery');
    expect(categoryLabel('OTHERS: Bakery', 'en')).toBe('Bakery');
  });

  it('gives the raw text for unknown values', () => {
    expect(categoryLabel(' Something else ', 'en')).toBe('Something else');
    expect(categoryLabel('कुछ और', 'hi')).toBe('कुछ और');
  });

  it('gives the catalogue icon or the fallback', () => {
    expect(categoryIcon('🔧 प्लंबर')).toBe('🔧');
    expect(categoryIcon('OTHERS: Bakery')).toBe(FALLBACK_CATEGORY_ICON);
    expect(categoryIcon('whatever')).toBe('🛠️');
  });
});

describe('findCategoryById', () => {
  it('finds entries and returns undefined for unknown ids and other', () => {
    expect(findCategoryById('electrician')?.en).toBe('Electrician');
    expect(findCategoryById('other')).toBeUndefined();
    expect(findCategoryById('nope')).toBeUndefined();
  });
});

describe('matchCategories', () => {
  const matchIds = (q: string, lang?: 'hi' | 'en') => matchCategories(q, CATEGORY_DETAILS, lang).map((c) => c.id);

  it('finds plumber first for the misspelling plambar', () => {
    expect(matchIds('plambar')[0]).toBe('plumber');
    expect(matchIds('PLAMBAR')[0]).toBe('plumber');
  });

  it('finds electrician for बिजली and bijli', () => {
    expect(matchIds('बिजली')[0]).toBe('electrician');
    expect(matchIds('  Bijli ')[0]).toBe('electrician');
  });

  it('returns [] for a blank query', () => {
    expect(matchCategories('  ', CATEGORY_DETAILS)).toEqual([]);
    expect(matchCategories('', CATEGORY_DETAILS)).toEqual([]);
  });

  it('returns [] when nothing matches', () => {
    expect(matchCategories('zzqx', CATEGORY_DETAILS)).toEqual([]);
  });

  it('puts prefix matches before substring matches', () => {
    // 'taxi' starts with 'tax'; 'ca-tax' has keyword 'tax' exactly, so it leads.
    const res = matchIds('tax');
    expect(res.slice(0, 2)).toEqual(['ca-tax', 'taxi']);
    // 'pain' is a prefix of painter but only a substring elsewhere (if at all).
    expect(matchIds('pain')[0]).toBe('painter');
    // 'mobile' is a prefix of mobile-repair; a substring of nothing earlier.
    expect(matchIds('mobi')[0]).toBe('mobile-repair');
    // 'ician' only matches in the middle of a word.
    expect(matchIds('ician')).toContain('electrician');
  });

  it('matches Hindi names and ignores nukta differences', () => {
    expect(matchIds('प्लं')[0]).toBe('plumber');
    expect(matchIds('वेबसाइट डिजाइन')[0]).toBe('website-design');
    expect(matchIds('अंग्रेजी')[0]).toBe('spoken-english');
  });

  it('prefers a name match in the requested language among equal ranks', () => {
    // 'कार' is a prefix of carpenter's keyword 'कारपेंटर' and of car-service's
    // Hindi name 'कार सर्विस'; carpenter comes first in the catalogue.
    expect(matchIds('कार')[0]).toBe('carpenter');
    expect(matchIds('कार', 'hi')[0]).toBe('car-service');
    // Same for English: 'car' starts 'Carpenter' (en name) and keyword 'car rental'.
    expect(matchIds('car', 'en').indexOf('carpenter')).toBeLessThan(matchIds('car', 'en').indexOf('car-rental'));
  });

  it('returns each category at most once', () => {
    const res = matchIds('a');
    expect(new Set(res).size).toBe(res.length);
  });

  it('matches names only for a category without details', () => {
    expect(matchCategories('plambar', {})).toEqual([]);
    expect(matchCategories('plumb', {}).map((c) => c.id)).toEqual(['plumber']);
    expect(matchCategories('प्लंबर', {}).map((c) => c.id)).toEqual(['plumber']);
  });
});
