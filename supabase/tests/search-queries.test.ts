/**
 * How search ranks (issue 27, item 4; supabase/README.md "Search: how results are ranked"):
 * real-looking queries (Hindi, English, Hinglish, typos, exact names, name + service) against
 * the demo seed, each with what its first results must be. Other test files add providers at
 * the same time (Test Plumbing Works in Test Nagar, for one), so a row says what the first results
 * ARE (a category, a name in either script, an exact business name), not which ids they are.
 *
 * Place + service (migration 0022): a village, ward or town named in the query, in either
 * script, is read as the place (who serves it first, by distance) and the rest as the service.
 */
import { CATEGORIES, storedCategoryValue } from '@city/shared/catalogue';
import { anonClient } from './helpers';

type Row = {
  name: string;
  business_name: string | null;
  category: string;
  address: string;
  total_count: number;
  place_name_en: string | null;
  serves_visitor: boolean;
};

const supabase = anonClient();

async function search(query: string): Promise<Row[]> {
  const { data, error } = await supabase.rpc('search_providers', { p_query: query, p_limit: 20 });
  if (error) throw new Error(JSON.stringify(error));
  return data as Row[];
}

function cat(id: string): string {
  const c = CATEGORIES.find((x) => x.id === id);
  if (!c) throw new Error(`no category ${id}`);
  return storedCategoryValue(c);
}

type Check = { what: string; ok: (r: Row) => boolean };
const inCategory = (id: string): Check => ({ what: `in ${id}`, ok: (r) => r.category === cat(id) });
/** The name or business name has one of these (either script). */
const named = (...names: string[]): Check => ({
  what: `named ${names.join(' / ')}`,
  ok: (r) => names.some((n) => `${r.name} ${r.business_name ?? ''}`.toLowerCase().includes(n.toLowerCase())),
});
const business = (...names: string[]): Check => ({
  what: `business name ${names.join(' / ')}`,
  ok: (r) => names.includes(r.business_name ?? ''),
});
const at = (...places: string[]): Check => ({
  what: `at ${places.join(' / ')}`,
  ok: (r) => places.some((p) => `${r.address} ${r.business_name ?? ''}`.includes(p)),
});
/** Serves the place named in the query (own place, nearby, tehsil or list). */
const serving: Check = { what: 'serving the place named', ok: (r) => r.serves_visitor };
const all = (...checks: Check[]): Check => ({
  what: checks.map((c) => c.what).join(' and '),
  ok: (r) => checks.every((c) => c.ok(r)),
});

type Case = { query: string; kind: string; first: Check; top?: number };

// `top`: how many first results must all pass (default 1).
const CASES: Case[] = [
  // English service words: that category, as the list orders it
  { kind: 'en', query: 'plumber', first: inCategory('plumber'), top: 10 },
  { kind: 'en', query: 'electrician', first: inCategory('electrician'), top: 10 },
  { kind: 'en', query: 'carpenter', first: inCategory('carpenter'), top: 10 },
  { kind: 'en', query: 'painter', first: inCategory('painter'), top: 5 },
  { kind: 'en', query: 'ac repair', first: inCategory('ac-mechanic'), top: 5 },
  { kind: 'en', query: 'mobile repair', first: inCategory('mobile-repair'), top: 3 },
  { kind: 'en', query: 'home tutor', first: inCategory('home-tutor'), top: 5 },
  { kind: 'en', query: 'beauty parlour', first: inCategory('beauty-parlour'), top: 5 },
  { kind: 'en', query: 'taxi', first: inCategory('taxi'), top: 5 },
  { kind: 'en', query: 'photographer', first: inCategory('photographer'), top: 3 },
  // Hindi service words
  { kind: 'hi', query: 'प्लंबर', first: inCategory('plumber'), top: 10 },
  { kind: 'hi', query: 'बिजली मिस्त्री', first: inCategory('electrician'), top: 5 },
  { kind: 'hi', query: 'बढ़ई', first: inCategory('carpenter'), top: 5 },
  { kind: 'hi', query: 'नाई', first: inCategory('barber'), top: 5 },
  { kind: 'hi', query: 'राजमिस्त्री', first: inCategory('mason'), top: 5 },
  { kind: 'hi', query: 'फोटोग्राफर', first: inCategory('photographer'), top: 3 },
  { kind: 'hi', query: 'डॉक्टर', first: inCategory('doctor'), top: 2 },
  // Hinglish: category words by meaning ("light" names electricians, "mistri" many trades)
  { kind: 'hinglish', query: 'light mistri', first: inCategory('electrician'), top: 10 },
  { kind: 'hinglish', query: 'nal mistri', first: inCategory('plumber'), top: 10 },
  { kind: 'hinglish', query: 'bijli wala', first: inCategory('electrician'), top: 5 },
  { kind: 'hinglish', query: 'raj mistri', first: inCategory('mason'), top: 5 },
  { kind: 'hinglish', query: 'kabadi', first: inCategory('scrap-dealer'), top: 5 },
  { kind: 'hinglish', query: 'naai', first: inCategory('barber'), top: 5 },
  { kind: 'hinglish', query: 'darzi', first: inCategory('tailor'), top: 5 },
  // Typos
  { kind: 'typo', query: 'plambar', first: inCategory('plumber'), top: 5 },
  { kind: 'typo', query: 'electrision', first: inCategory('electrician'), top: 3 },
  { kind: 'typo', query: 'carpentar', first: inCategory('carpenter'), top: 5 },
  { kind: 'typo', query: 'fotographer', first: inCategory('photographer'), top: 3 },
  { kind: 'typo', query: 'parlor', first: inCategory('beauty-parlour'), top: 3 },
  { kind: 'typo', query: 'docter', first: inCategory('doctor'), top: 2 },
  // Exact business names: first, in either script
  {
    kind: 'exact',
    query: 'Sitapur Plumber Centre',
    first: business('Sitapur Plumber Centre', 'सीतापुर प्लंबर सेंटर'),
  },
  {
    kind: 'exact',
    query: 'सीतापुर प्लंबर सेंटर',
    first: business('Sitapur Plumber Centre', 'सीतापुर प्लंबर सेंटर'),
  },
  { kind: 'exact', query: 'Maurya Doctor Services', first: business('Maurya Doctor Services') },
  // Names across Devanagari and Latin
  { kind: 'name', query: 'Harjeet', first: named('Harjeet', 'हरजीत'), top: 5 },
  { kind: 'name', query: 'हरजीत', first: named('Harjeet', 'हरजीत'), top: 5 },
  { kind: 'name', query: 'harjit', first: named('Harjeet', 'हरजीत'), top: 5 },
  { kind: 'name', query: 'Maa Durga', first: named('Maa Durga', 'माँ दुर्गा'), top: 10 },
  { kind: 'name', query: 'माँ दुर्गा', first: named('Maa Durga', 'माँ दुर्गा'), top: 10 },
  { kind: 'name', query: 'Mohammad', first: named('Mohammad', 'मोहम्मद'), top: 3 },
  { kind: 'name', query: 'मोहम्मद', first: named('Mohammad', 'मोहम्मद'), top: 3 },
  { kind: 'name', query: 'फ़ातिमा', first: named('Fatima', 'फ़ातिमा'), top: 3 },
  { kind: 'name', query: 'Srivastava', first: named('Srivastava', 'श्रीवास्तव'), top: 3 },
  { kind: 'name', query: 'Vishwakarma', first: named('Vishwakarma', 'विश्वकर्मा'), top: 3 },
  { kind: 'name', query: 'सीमा', first: named('Seema', 'सीमा'), top: 3 },
  { kind: 'name', query: 'Qureshi', first: named('Qureshi', 'कुरैशी'), top: 3 },
  // Places written in the address or the business name, either script
  { kind: 'place', query: 'Lalbagh', first: at('Lalbagh', 'लालबाग'), top: 5 },
  { kind: 'place', query: 'लालबाग', first: at('Lalbagh', 'लालबाग'), top: 5 },
  { kind: 'place', query: 'Tarinpur', first: at('Tarinpur', 'तरीनपुर'), top: 3 },
  // Name or place + service: both first, then the service
  { kind: 'name+service', query: 'Sharma plumber', first: all(inCategory('plumber'), named('Sharma', 'शर्मा')) },
  { kind: 'name+service', query: 'khan tailor', first: inCategory('tailor'), top: 3 },
  { kind: 'place+service', query: 'Lalbagh plumber', first: all(inCategory('plumber'), at('Lalbagh', 'लालबाग')) },
  { kind: 'place+service', query: 'लालबाग प्लंबर', first: all(inCategory('plumber'), at('Lalbagh', 'लालबाग')) },
  { kind: 'place+service', query: 'plumber in Lalbagh', first: all(inCategory('plumber'), serving), top: 3 },
  { kind: 'place+service', query: 'lalbagh bijli mistri', first: all(inCategory('electrician'), serving), top: 3 },
  { kind: 'place+service', query: 'लालबाग के पास बिजली मिस्त्री', first: all(inCategory('electrician'), serving), top: 3 },
  { kind: 'place+service', query: 'Civil Lines carpenter', first: all(inCategory('carpenter'), serving), top: 3 },
  { kind: 'place+service', query: 'तरीनपुर प्लंबर', first: all(inCategory('plumber'), serving) },
  { kind: 'place+service', query: 'Tarinpur naai', first: all(inCategory('barber'), serving) },
];

describe('search: real queries and their first results (demo seed)', () => {
  it('has at least 40 queries of every kind', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(CASES.map((c) => c.kind))).toEqual(
      new Set(['en', 'hi', 'hinglish', 'typo', 'exact', 'name', 'place', 'name+service', 'place+service']),
    );
  });

  it.each(CASES)('$kind: "$query"', async ({ query, first, top = 1 }) => {
    const rows = await search(query);
    expect(rows.length).toBeGreaterThanOrEqual(top);
    const bad = rows.slice(0, top).findIndex((r) => !first.ok(r));
    if (bad >= 0) {
      const shown = rows.slice(0, top).map((r) => `${r.name} | ${r.business_name ?? ''} | ${r.category}`);
      throw new Error(`"${query}": result ${bad + 1} is not ${first.what}:\n${shown.join('\n')}`);
    }
  });

  it('"light mistri" puts every electrician before any mason', async () => {
    const rows = await search('light mistri');
    const lastElectrician = rows.map((r) => r.category).lastIndexOf(cat('electrician'));
    const firstMason = rows.findIndex((r) => r.category === cat('mason'));
    expect(lastElectrician).toBeGreaterThanOrEqual(0);
    if (firstMason >= 0) expect(firstMason).toBeGreaterThan(lastElectrician);
  });

  it('a name finds the same people in either script', async () => {
    const ids = async (q: string) => {
      const { data, error } = await supabase.rpc('search_providers', { p_query: q, p_limit: 100 });
      if (error) throw new Error(JSON.stringify(error));
      return (data as { id: string }[]).map((r) => r.id).sort();
    };
    for (const [a, b] of [
      ['Harjeet', 'हरजीत'],
      ['Mohammad', 'मोहम्मद'],
      ['Srivastava', 'श्रीवास्तव'],
    ] as const) {
      const [x, y] = [await ids(a), await ids(b)];
      expect(x.length).toBeGreaterThan(1);
      expect(y).toEqual(x);
    }
  });
});
