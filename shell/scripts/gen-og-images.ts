/**
 * Build step (shell's `npm run build`, after the prerender): the link-preview cards, one PNG
 * per category and one for the site, 1200x630, into dist/og/. Drawn from the category
 * pictograms' sprite (shell/public/category-icons.svg, Tabler Icons) with resvg compiled to
 * WebAssembly (@resvg/resvg-wasm: no native binary, nothing downloaded). No text on the cards:
 * the preview's title and description carry it, and the card stays the same in both languages.
 *
 *   npx tsx scripts/gen-og-images.ts [--out dir]
 *
 * Used by og:image on `/`, `/?category=<id>` (its category's card) and `/provider/:id` (the
 * provider's category's card; free-text categories get the site's): shell/server/seo.ts.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { CATEGORIES } from '@city/shared/catalogue';

const shellDir = join(__dirname, '..');
const W = 1200;
const H = 630;
const PRIMARY = '#b3400f';
const PAPER = '#fff8f3';

/** Each symbol's path data in the sprite, by id. */
export function spritePaths(sprite: string): Map<string, string> {
  return new Map([...sprite.matchAll(/<symbol id="([^"]+)"[^>]*><path [^>]*\sd="([^"]+)"\/><\/symbol>/g)].map((m) => [m[1]!, m[2]!]));
}

const icon = (d: string, x: number, y: number, size: number, color: string, width = 2) =>
  `<g transform="translate(${x} ${y}) scale(${size / 24})"><path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/></g>`;

/** One category's card: its pictogram large, white on the brand colour, a border of small ones. */
export function categoryCardSvg(paths: Map<string, string>, id: string): string {
  const d = paths.get(id);
  if (!d) throw new Error(`no icon ${id} in the sprite`);
  const others = [...paths.keys()].filter((k) => k !== id && k !== 'others');
  const start = Math.max(0, others.indexOf(id));
  const small: string[] = [];
  // A quiet row of other services along the top and bottom edges.
  for (let i = 0; i < 10; i++) {
    const k = others[(start + i * 7) % others.length]!;
    const x = 60 + i * 112;
    small.push(icon(paths.get(k)!, x, i % 2 ? 530 : 40, 56, '#e9c8b4'));
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<rect width="${W}" height="${H}" fill="${PAPER}"/>${small.join('')}` +
    `<circle cx="${W / 2}" cy="${H / 2}" r="200" fill="${PRIMARY}"/>` +
    icon(d, W / 2 - 130, H / 2 - 130, 260, '#ffffff', 1.75) +
    `</svg>`
  );
}

/** The site's card: the first 18 services in a grid. */
export function siteCardSvg(paths: Map<string, string>): string {
  const cells: string[] = [];
  const ids = CATEGORIES.slice(0, 18).map((c) => c.id);
  ids.forEach((id, i) => {
    const col = i % 6;
    const row = Math.floor(i / 6);
    const x = 90 + col * 180;
    const y = 75 + row * 170;
    cells.push(`<rect x="${x}" y="${y}" width="120" height="120" rx="24" fill="${i % 2 ? '#ffffff' : PRIMARY}"/>`);
    cells.push(icon(paths.get(id)!, x + 24, y + 24, 72, i % 2 ? PRIMARY : '#ffffff'));
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><rect width="${W}" height="${H}" fill="${PAPER}"/>${cells.join('')}</svg>`;
}

export async function renderPng(svg: string): Promise<Uint8Array> {
  return new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render().asPng();
}

let ready: Promise<void> | null = null;
export function initResvg(): Promise<void> {
  ready ??= initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
  return ready;
}

async function main(): Promise<void> {
  const outArg = process.argv.indexOf('--out');
  const out = outArg > 0 ? process.argv[outArg + 1]! : join(shellDir, 'dist', 'og');
  mkdirSync(out, { recursive: true });
  const sprite = readFileSync(join(shellDir, 'public', 'category-icons.svg'), 'utf8');
  // Drawing 93 cards takes ~10 s: the same sprite and this script give the same cards, kept here.
  const key = createHash('sha256').update(sprite).update(readFileSync(__filename)).digest('hex').slice(0, 16);
  const cache = join(shellDir, 'node_modules', '.cache', 'og-cards', key);
  if (existsSync(join(cache, 'done'))) {
    cpSync(cache, out, { recursive: true, filter: (f) => !f.endsWith('done') });
    console.log(`og cards: ${CATEGORIES.length + 1} PNGs from the cache -> ${out}`);
    return;
  }
  await initResvg();
  const paths = spritePaths(sprite);
  const started = Date.now();
  let bytes = 0;
  const write = async (name: string, svg: string) => {
    const png = await renderPng(svg);
    bytes += png.length;
    writeFileSync(join(out, `${name}.png`), png);
  };
  await write('site', siteCardSvg(paths));
  for (const c of CATEGORIES) await write(c.id, categoryCardSvg(paths, c.id));
  console.log(`og cards: ${CATEGORIES.length + 1} PNGs, ${Math.round(bytes / 1024)} KiB, in ${Date.now() - started} ms -> ${out}`);
  rmSync(join(shellDir, 'node_modules', '.cache', 'og-cards'), { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
  cpSync(out, cache, { recursive: true });
  writeFileSync(join(cache, 'done'), '');
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
