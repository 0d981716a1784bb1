// This subpath is bundled into each module that imports it (only '@city/shared' itself is a
// federated singleton): a relative import of @city/shared's own code at run time would give the
// page a second supabase client (no session) or i18n instance (no strings).
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
  const pkg = JSON.parse(readFileSync(join(dir, '..', '..', 'package.json'), 'utf8')) as { sideEffects: string[] };
  expect(pkg.sideEffects).toEqual(['*.css']);
  const step = readFileSync(join(dir, 'phone-code-step.tsx'), 'utf8');
  expect(step).toMatch(/^addPhoneSignInStrings\(\);$/m);
  expect(step).not.toMatch(/^import '\.\/locales';$/m);
});
