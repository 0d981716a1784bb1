/**
 * robots.txt and the sitemaps as static files, for a deploy whose static host cannot run the
 * serving step (shell/server/site.ts answers them from the database, cached an hour). Run it on
 * a schedule (e.g. hourly) after the shell's build, with the public anon key:
 *
 *   npx tsx shell/scripts/gen-seo-files.ts --origin https://city.example.in \
 *     --supabase-url https://<project>.supabase.co --anon-key <anon key> [--out shell/dist]
 *
 * Writes robots.txt, sitemap.xml (the index), sitemap-categories.xml and
 * sitemap-providers-<n>.xml (<= 50,000 URLs each) into --out. Reads approved ids only (the anon
 * key and RLS), 1000 per request in id order (one index range scan each).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { publicOriginOf } from '../server/provider-og';
import { buildSitemaps, fetchApprovedProviderIds, robotsTxt } from '../server/sitemap';

function arg(name: string, fallback?: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? process.argv[i + 1] : fallback;
  if (!value) {
    console.error(`missing --${name} (see the comment at the top of ${__filename})`);
    process.exit(2);
  }
  return value;
}

async function main(): Promise<void> {
  const origin = publicOriginOf(arg('origin'));
  const supabaseUrl = arg('supabase-url');
  const anonKey = arg('anon-key');
  const out = arg('out', join(__dirname, '..', 'dist'));
  mkdirSync(out, { recursive: true });
  const started = Date.now();
  const { files, providers } = await buildSitemaps(origin, (after) => fetchApprovedProviderIds(supabaseUrl, anonKey, after));
  writeFileSync(join(out, 'robots.txt'), robotsTxt(origin));
  for (const [path, body] of files) writeFileSync(join(out, path.slice(1)), body);
  console.log(`robots.txt and ${files.size} sitemap files (${providers} providers) in ${Date.now() - started} ms -> ${out}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
