/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import { MODULE_FILE, render, SPRITE_FILE } from '../../../scripts/gen-category-icons';
import { CATEGORIES } from '../categories';
import { CATEGORY_ICON_NAMES, OTHERS_ICON_NAME } from '../category-icon-names';
import { CATEGORY_ICON_SPRITE } from '../category-icons.generated';

describe('category pictograms (SVG sprite from Tabler Icons)', () => {
  it('draws every category with its own icon, and one for Other', () => {
    const names = CATEGORIES.map((c) => CATEGORY_ICON_NAMES[c.id]);
    expect(names.filter((n) => !n)).toEqual([]);
    expect(new Set([...names, OTHERS_ICON_NAME]).size).toBe(CATEGORIES.length + 1);
    expect(Object.keys(CATEGORY_ICON_NAMES).sort()).toEqual(CATEGORIES.map((c) => c.id).sort());
  });

  it('ships the sprite and module the generator writes now (run npm run gen:icons -w @city/shared)', () => {
    const { sprite, module } = render();
    expect(readFileSync(SPRITE_FILE, 'utf8')).toBe(sprite);
    expect(readFileSync(MODULE_FILE, 'utf8')).toBe(module);
  });

  it('holds exactly one symbol per id, only the icons used, each a stroked path', () => {
    const sprite = readFileSync(SPRITE_FILE, 'utf8');
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual([...CATEGORIES.map((c) => c.id), 'others']);
    expect(sprite.match(/<path /g)).toHaveLength(ids.length);
    expect(sprite).not.toMatch(/<(script|style|image|foreignObject)\b|href=/);
    // Versioned by content: a new drawing is a new URL for every cache.
    expect(CATEGORY_ICON_SPRITE).toMatch(/^\/category-icons\.svg\?v=[0-9a-f]{10}$/);
  });
});
