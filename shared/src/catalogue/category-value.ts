import { CATEGORIES } from './categories';
import type { CatalogueLang, Category, CategoryDetailsMap } from './types';

/** Prefix of a stored free-text category ('Other' in the form). */
export const OTHERS_PREFIX = 'OTHERS: ';

/** Icon shown for free-text and unknown categories. */
export const FALLBACK_CATEGORY_ICON = '🛠️';

export type ParsedCategory =
  { kind: 'catalogue'; category: Category } | { kind: 'other'; text: string } | { kind: 'unknown'; text: string };

/** Collapse runs of whitespace and trim. */
function squash(value: string): string {
  return value.replace(/\s+/gu, ' ').trim();
}

/**
 * Key for comparing names/stored values: NFC, whitespace collapsed, emoji
 * variation selectors dropped (devices differ on U+FE0F), lower case.
 */
function compareKey(value: string): string {
  return squash(value.normalize('NFC').replace(/[\uFE0E\uFE0F]/gu, '')).toLowerCase();
}

/** Key for search: compareKey plus Devanagari nukta dropped (ज़ = ज). */
function searchKey(value: string): string {
  return compareKey(
    value
      .normalize('NFD')
      .replace(/\u093C/gu, '')
      .normalize('NFC'),
  );
}

/** The value stored in service_providers.category for a catalogue entry. */
export function storedCategoryValue(c: Category): string {
  return `${c.icon} ${c.hi}`;
}

/** The value stored for a free-text ('Other') category. Throws on blank text. */
export function otherCategoryValue(text: string): string {
  const clean = squash(text);
  if (clean === '') {
    throw new Error('Other category text must not be blank.');
  }
  return `${OTHERS_PREFIX}${clean}`;
}

let byStoredKey: Map<string, Category> | undefined;
let byNameKey: Map<string, Category> | undefined;

function lookups(): { stored: Map<string, Category>; names: Map<string, Category> } {
  if (!byStoredKey || !byNameKey) {
    byStoredKey = new Map();
    byNameKey = new Map();
    for (const c of CATEGORIES) {
      byStoredKey.set(compareKey(storedCategoryValue(c)), c);
    }
    // Bare names (no icon) as a tolerant fallback; Hindi wins over English.
    for (const c of CATEGORIES) {
      const key = compareKey(c.en);
      if (!byNameKey.has(key)) byNameKey.set(key, c);
    }
    for (const c of CATEGORIES) {
      byNameKey.set(compareKey(c.hi), c);
    }
  }
  return { stored: byStoredKey, names: byNameKey };
}

const OTHERS_RE = /^others\s*:\s*/iu;

/**
 * Interprets a stored category value. Accepts `${icon} ${hi}` (any spacing,
 * with or without the emoji variation selector), a bare Hindi or English
 * name, or `OTHERS: text`. Anything else is 'unknown' with the trimmed text.
 */
export function parseStoredCategory(value: string): ParsedCategory {
  const text = squash(value ?? '');
  const others = OTHERS_RE.exec(text);
  if (others) {
    return { kind: 'other', text: text.slice(others[0].length).trim() };
  }
  const { stored, names } = lookups();
  const key = compareKey(text);
  const exact = stored.get(key) ?? names.get(key);
  if (exact) return { kind: 'catalogue', category: exact };
  // An icon we do not know followed by a known name, e.g. an older icon.
  const space = key.indexOf(' ');
  if (space > 0 && !/[\p{L}\p{N}]/u.test(key.slice(0, space))) {
    const byName = names.get(key.slice(space + 1));
    if (byName) return { kind: 'catalogue', category: byName };
  }
  return { kind: 'unknown', text };
}

/** Display name of a stored category value in the given language. */
export function categoryLabel(value: string, lang: CatalogueLang): string {
  const parsed = parseStoredCategory(value);
  switch (parsed.kind) {
    case 'catalogue':
      return parsed.category[lang];
    case 'other':
    case 'unknown':
      return parsed.text;
  }
}

/** Icon of a stored category value; FALLBACK_CATEGORY_ICON if not in the catalogue. */
export function categoryIcon(value: string): string {
  const parsed = parseStoredCategory(value);
  return parsed.kind === 'catalogue' ? parsed.category.icon : FALLBACK_CATEGORY_ICON;
}

/** Catalogue entry by id, or undefined (also for OTHER_CATEGORY_ID). */
export function findCategoryById(id: string): Category | undefined {
  return CATEGORIES.find((c) => c.id === id);
}

/**
 * Categories matching a search query, best first: an exact name/keyword,
 * then a name/keyword starting with the query, then one with a word starting
 * with it, then a substring anywhere. Case-insensitive; ignores extra spaces
 * and Devanagari nukta. Within a rank, a match on the name in `lang` comes
 * first, then catalogue order. Blank query returns []. The keywords come from
 * `details` (loadCategoryDetails), which the first render does not download.
 */
export function matchCategories(query: string, details: CategoryDetailsMap, lang?: CatalogueLang): Category[] {
  const q = searchKey(query ?? '');
  if (q === '') return [];
  const scored: { c: Category; score: number; order: number }[] = [];
  CATEGORIES.forEach((c, order) => {
    const names: { text: string; preferred: boolean }[] = [
      { text: c.en, preferred: lang === 'en' },
      { text: c.hi, preferred: lang === 'hi' },
      ...(details[c.id]?.keywords ?? []).map((k) => ({ text: k, preferred: false })),
    ];
    let best = Infinity;
    for (const { text, preferred } of names) {
      const t = searchKey(text);
      let rank: number;
      if (t === q) rank = 0;
      else if (t.startsWith(q)) rank = 1;
      else if (t.split(/[\s/\-.]+/u).some((w) => w.startsWith(q))) rank = 2;
      else if (t.includes(q)) rank = 3;
      else continue;
      const score = rank * 2 + (preferred ? 0 : 1);
      if (score < best) best = score;
    }
    if (best !== Infinity) scored.push({ c, score: best, order });
  });
  scored.sort((a, b) => a.score - b.score || a.order - b.order);
  return scored.map((s) => s.c);
}
