// `@city/shared/places` is bundled into each module that imports it (only '@city/shared' itself
// is a federated singleton): a relative import of @city/shared's own code at run time would give
// the page a second data client or i18n instance (no strings), or a second visitor-place store.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(__dirname, '..');
const sources = [...readdirSync(dir), ...readdirSync(join(dir, 'locales')).map((f) => `locales/${f}`)].filter((f) => /\.tsx?$/.test(f));

it.each(sources)('%s takes the rest of @city/shared through the singleton, not by a relative path', (file) => {
  const text = readFileSync(join(dir, file), 'utf8');
  const relativeOutside = [...text.matchAll(/^import\s+(?!type\b)[^;]*from\s+'(\.\.\/[^']*)'/gm)].map((m) => m[1]);
  expect(relativeOutside).toEqual([]);
});

it('adds its strings by a call: a bare side-effect import would be dropped (package.json declares only CSS)', () => {
  const picker = readFileSync(join(dir, 'place-picker.tsx'), 'utf8');
  expect(picker).toMatch(/^addPlacesStrings\(\);$/m);
  expect(picker).not.toMatch(/^import '\.\/locales';$/m);
});
