/**
 * Draws the web app manifest's PNG icons (shell/public/icons/, committed: 4 small files) from
 * the favicon's artwork (shell/public/favicon.svg: a white house on the brand colour), with
 * no image library: the shape is two polygons, sampled 4x4 per pixel, written as PNG with zlib.
 * Run after changing the artwork: `npx tsx shell/sw/make-icons.ts`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

/** --c-primary of shared/src/ui/ui.css (the manifest's theme colour too). */
const BRAND = [0xb3, 0x40, 0x0f] as const;
/** favicon.svg's house, in its 64-unit box. */
const HOUSE: [number, number][] = [
  [16, 50],
  [16, 28],
  [32, 16],
  [48, 28],
  [48, 50],
  [38, 50],
  [38, 36],
  [26, 36],
  [26, 50],
];

function inPolygon(x: number, y: number, poly: [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function inRoundedSquare(x: number, y: number, r: number): boolean {
  const cx = Math.min(Math.max(x, r), 64 - r);
  const cy = Math.min(Math.max(y, r), 64 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** RGBA pixels: `maskable` fills the whole square (the launcher crops it); else rounded corners as the favicon. */
function draw(size: number, maskable: boolean): Buffer {
  const out = Buffer.alloc(size * size * 4);
  const n = 4;
  for (let py = 0; py < size; py++)
    for (let px = 0; px < size; px++) {
      let bg = 0;
      let fg = 0;
      for (let sy = 0; sy < n; sy++)
        for (let sx = 0; sx < n; sx++) {
          const x = ((px + (sx + 0.5) / n) / size) * 64;
          const y = ((py + (sy + 0.5) / n) / size) * 64;
          if (!maskable && !inRoundedSquare(x, y, 14)) continue;
          bg++;
          if (inPolygon(x, y, HOUSE)) fg++;
        }
      const total = n * n;
      const alpha = bg / total;
      const white = bg ? fg / bg : 0;
      const o = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) out[o + c] = Math.round(BRAND[c]! * (1 - white) + 255 * white);
      out[o + 3] = Math.round(alpha * 255);
    }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

export function png(size: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

if (require.main === module) {
  const dir = join(__dirname, '..', 'public', 'icons');
  for (const size of [192, 512])
    for (const maskable of [false, true]) {
      const file = join(dir, `icon-${maskable ? 'maskable-' : ''}${size}.png`);
      writeFileSync(file, png(size, draw(size, maskable)));
      console.log(file);
    }
}
