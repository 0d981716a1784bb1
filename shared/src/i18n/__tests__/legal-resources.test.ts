import en from '../locales/en/legal.json';
import hi from '../locales/hi/legal.json';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/**
 * Shape of a resource tree: object keys (sorted), array lengths and leaf
 * types, without the texts. Two trees with equal shapes have the same keys
 * at every level and arrays of the same length.
 */
function shape(value: Json): unknown {
  if (Array.isArray(value)) return { array: value.length, items: value.map(shape) };
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, shape(value[k] as Json)]),
    );
  }
  return value === null ? 'null' : typeof value;
}

/** Every leaf with its path, e.g. ["privacy.sections.0.heading", "..."]. */
function leaves(value: Json, prefix = ''): [string, Json][] {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => leaves(v as Json, prefix ? `${prefix}.${k}` : k));
  }
  return [[prefix, value]];
}

const vars = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
const PAGES = ['privacy', 'terms', 'disclaimer', 'contact'] as const;
const LANGS = [
  ['en', en as Json],
  ['hi', hi as Json],
] as const;

describe('legal resources', () => {
  it('have identical key structure in English and Hindi, including array lengths', () => {
    expect(shape(hi as Json)).toEqual(shape(en as Json));
  });

  it.each(LANGS)('%s: every value is a non-empty, trimmed string', (_lang, res) => {
    const bad = leaves(res)
      .filter(([, v]) => typeof v !== 'string' || v.trim() === '' || v !== v.trim())
      .map(([p]) => p);
    expect(bad).toEqual([]);
  });

  it.each(LANGS)('%s: has the four pages with 4 to 7 sections each', (_lang, res) => {
    const obj = res as Record<string, { title: string; intro: string; sections: { heading: string; paragraphs: string[] }[] }>;
    for (const page of PAGES) {
      const p = obj[page];
      expect(p).toBeDefined();
      expect(typeof p?.title).toBe('string');
      expect(typeof p?.intro).toBe('string');
      expect(p?.sections.length).toBeGreaterThanOrEqual(4);
      expect(p?.sections.length).toBeLessThanOrEqual(7);
      for (const s of p?.sections ?? []) {
        expect(typeof s.heading).toBe('string');
        expect(s.paragraphs.length).toBeGreaterThan(0);
      }
    }
  });

  it('has the contact labels and the effective date placeholder', () => {
    for (const key of ['phoneLabel', 'whatsappLabel', 'emailLabel', 'addressLabel', 'hoursLabel', 'hours']) {
      expect(en.contact).toHaveProperty(key);
    }
    expect(vars(en.effectiveDate)).toEqual(['date']);
    expect(vars(hi.effectiveDate)).toEqual(['date']);
  });

  it('uses the same interpolation variables in both languages and only {{date}} overall', () => {
    const hiLeaves = new Map(leaves(hi as Json));
    for (const [path, value] of leaves(en as Json)) {
      expect([path, vars(String(hiLeaves.get(path)))]).toEqual([path, vars(String(value))]);
      for (const v of vars(String(value))) expect(v).toBe('date');
    }
  });

  it.each(LANGS)('%s: contains no HTML, markdown or phone numbers', (_lang, res) => {
    for (const [path, value] of leaves(res)) {
      const s = String(value);
      expect([path, /<\/?[a-z][^>]*>/i.test(s)]).toEqual([path, false]);
      expect([path, /(\*\*|__|^#|^\s*[-*] |\[[^\]]*\]\()/m.test(s)]).toEqual([path, false]);
      // The operator's number comes from configuration; helplines (112, 1930) are fine.
      expect([path, /\d{10}/.test(s.replace(/\D/g, ' ').replace(/\s+/g, ''))]).toEqual([path, false]);
    }
  });

  it('is written in Devanagari for Hindi and without Devanagari for English', () => {
    for (const [path, value] of leaves(hi as Json)) {
      expect([path, /[\u0900-\u097F]/.test(String(value))]).toEqual([path, true]);
    }
    for (const [path, value] of leaves(en as Json)) {
      expect([path, /[\u0900-\u097F]/.test(String(value))]).toEqual([path, false]);
    }
  });

  it('covers the key points of the policies', () => {
    const text = (page: (typeof PAGES)[number]) => JSON.stringify(en[page]);
    expect(text('privacy')).toMatch(/Aadhaar/);
    expect(text('privacy')).toMatch(/Digital Personal Data Protection Act, 2023/);
    expect(text('privacy')).toMatch(/device ID/);
    expect(text('terms')).toMatch(/18 years/);
    expect(text('terms')).toMatch(/laws of India/);
    expect(text('disclaimer')).toMatch(/Verified/);
    expect(JSON.stringify(hi.terms)).toMatch(/18 साल/);
    expect(JSON.stringify(hi.privacy)).toMatch(/आधार/);
  });
});
