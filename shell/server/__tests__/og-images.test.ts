/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATEGORIES } from '@city/shared/catalogue';
import { categoryCardSvg, initResvg, renderPng, siteCardSvg, spritePaths } from '../../scripts/gen-og-images';

const sprite = readFileSync(join(__dirname, '..', '..', 'public', 'category-icons.svg'), 'utf8');

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Uint8Array) => {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { signature: Buffer.from(png.subarray(1, 4)).toString('latin1'), width: view.getUint32(16), height: view.getUint32(20) };
};

describe('link-preview cards (og:image)', () => {
  it('finds every category pictogram in the sprite', () => {
    const paths = spritePaths(sprite);
    for (const c of CATEGORIES) expect(paths.get(c.id)).toMatch(/^M/);
  });

  it('renders a category card and the site card as 1200x630 PNGs', async () => {
    await initResvg();
    const paths = spritePaths(sprite);
    const card = await renderPng(categoryCardSvg(paths, 'plumber'));
    expect(pngSize(card)).toEqual({ signature: 'PNG', width: 1200, height: 630 });
    expect(card.length).toBeLessThan(100_000);
    expect(categoryCardSvg(paths, 'plumber')).toContain(paths.get('plumber'));
    expect(pngSize(await renderPng(siteCardSvg(paths)))).toEqual({ signature: 'PNG', width: 1200, height: 630 });
    expect(() => categoryCardSvg(paths, 'no-such-category')).toThrow('no icon');
  });
});
