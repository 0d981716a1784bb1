import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const localesDir = join(__dirname, '..', 'locales');

/** Every leaf path of a resource object ("a.b.0.c"), with its value. */
function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      for (const [p, leaf] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(p, leaf);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const namespaces = readdirSync(join(localesDir, 'en')).filter((f) => f.endsWith('.json'));

describe('i18n resources', () => {
  it('has the same namespaces in Hindi and English', () => {
    expect(readdirSync(join(localesDir, 'hi')).filter((f) => f.endsWith('.json')).sort()).toEqual([...namespaces].sort());
    expect(namespaces).toEqual(expect.arrayContaining(['common.json', 'directory.json', 'profile.json', 'registration.json', 'ads.json', 'admin.json']));
  });

  it.each(namespaces)('%s has every key in both languages, none empty', (file) => {
    const en = leaves(JSON.parse(readFileSync(join(localesDir, 'en', file), 'utf8')));
    const hi = leaves(JSON.parse(readFileSync(join(localesDir, 'hi', file), 'utf8')));
    const missingInHi = [...en.keys()].filter((k) => !hi.has(k));
    const missingInEn = [...hi.keys()].filter((k) => !en.has(k));
    expect({ missingInHi, missingInEn }).toEqual({ missingInHi: [], missingInEn: [] });
    const empty = [...en, ...hi].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it.each(namespaces)('%s uses the same interpolation variables in both languages', (file) => {
    const en = leaves(JSON.parse(readFileSync(join(localesDir, 'en', file), 'utf8')));
    const hi = leaves(JSON.parse(readFileSync(join(localesDir, 'hi', file), 'utf8')));
    const vars = (s: unknown) => [...String(s).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    const mismatched = [...en.keys()].filter((k) => JSON.stringify(vars(en.get(k))) !== JSON.stringify(vars(hi.get(k))));
    expect(mismatched).toEqual([]);
  });

  it.each(['en', 'hi'])('%s: admin-shell.json (in the base chunk) and admin.json (with the remote) share no key', (lang) => {
    // Both make the admin namespace; a key in both would be downloaded twice and could differ.
    const read = (file: string) => Object.keys(JSON.parse(readFileSync(join(localesDir, lang, file), 'utf8')) as object);
    const admin = new Set(read('admin.json'));
    expect(read('admin-shell.json').filter((k) => admin.has(k))).toEqual([]);
  });

  it('Hindi strings are written in Devanagari', () => {
    const hi = leaves(JSON.parse(readFileSync(join(localesDir, 'hi', 'common.json'), 'utf8')));
    expect(String(hi.get('app.slogan'))).toMatch(/[\u0900-\u097F]/);
  });
});
