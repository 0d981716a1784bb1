/**
 * The fonts of the phone the budgets are for. Android ships Noto Sans Devanagari and Noto
 * Color Emoji. This machine (and the bench's Chromium) has neither, and it shows:
 * - no Devanagari font: the site's @font-face (local() first, so a phone uses its own) falls
 *   back to downloading the web font, and the Hindi text is painted a second time when it
 *   arrives: LCP moves to after the JavaScript;
 * - no emoji font: each category icon sends Chromium searching every installed font for the
 *   glyph; the first layout of `/` took 774 ms (4x CPU) instead of 116-153 ms with the font.
 * Neither is what a visitor's phone does.
 *
 * phoneFontsConfig() installs both (from @fontsource: Noto Sans Devanagari as the site serves
 * it; Noto Color Emoji fetched once with `npm pack` into .tmp/bench, 25 MB), unpacked from WOFF
 * to the TrueType a system font is, into a private fontconfig file; browsers launched with
 * FONTCONFIG_FILE pointing at it see them as system fonts. Nothing outside .tmp/bench changes
 * (e2e keeps testing the web-font path).
 */
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';

/** WOFF 1.0 -> the TrueType/OpenType file it packs (tables inflated, directory rebuilt). */
function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 file');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables: { tag: string; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < numTables; i += 1) {
    const at = 44 + i * 20;
    const tag = woff.toString('latin1', at, at + 4);
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    tables.push({ tag, checksum: woff.readUInt32BE(at + 16), data: compLength < origLength ? inflateSync(raw) : Buffer.from(raw) });
  }
  tables.sort((a, b) => (a.tag < b.tag ? -1 : 1));
  const pow2 = 2 ** Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(pow2 * 16, 6);
  header.writeUInt16BE(Math.log2(pow2), 8);
  header.writeUInt16BE(numTables * 16 - pow2 * 16, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    header.write(t.tag, at, 'latin1');
    header.writeUInt32BE(t.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(t.data.length, at + 12);
    const padded = Buffer.alloc(Math.ceil(t.data.length / 4) * 4);
    t.data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...bodies]);
}

/** Writes <benchDir>/fonts-phone (system fonts + Noto Sans Devanagari 400/700) and returns its fonts.conf. */
export function phoneFontsConfig(benchDir: string): string {
  const dir = join(benchDir, 'fonts-phone');
  mkdirSync(dir, { recursive: true });
  const require = createRequire(join(__dirname, '..', '..', 'shell', 'package.json'));
  const files = join(dirname(require.resolve('@fontsource/noto-sans-devanagari/package.json')), 'files');
  for (const weight of [400, 700]) {
    const target = join(dir, `NotoSansDevanagari-${weight}.ttf`);
    if (!existsSync(target))
      writeFileSync(target, woffToSfnt(readFileSync(join(files, `noto-sans-devanagari-devanagari-${weight}-normal.woff`))));
  }
  // Noto Color Emoji, in the subsets fontsource splits it into (all of them: a phone has the whole font).
  const emojiPackage = '@fontsource/noto-color-emoji@5.3.2';
  const emojiDir = join(benchDir, 'noto-color-emoji');
  if (!existsSync(join(emojiDir, 'package', 'files'))) {
    mkdirSync(emojiDir, { recursive: true });
    const tgz = execFileSync('npm', ['pack', emojiPackage, '--silent'], { cwd: emojiDir, encoding: 'utf8' }).trim().split('\n').pop()!;
    execFileSync('tar', ['xzf', tgz, 'package/files'], { cwd: emojiDir });
  }
  const emojiFiles = join(emojiDir, 'package', 'files');
  for (const file of readdirSync(emojiFiles).filter((f) => f.endsWith('-400-normal.woff'))) {
    const target = join(dir, file.replace(/\.woff$/, '.ttf'));
    if (!existsSync(target)) writeFileSync(target, woffToSfnt(readFileSync(join(emojiFiles, file))));
  }
  const conf = join(dir, 'fonts.conf');
  writeFileSync(
    conf,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n  <dir>${dir}</dir>\n  <cachedir>${join(dir, 'cache')}</cachedir>\n</fontconfig>\n`,
  );
  return conf;
}
