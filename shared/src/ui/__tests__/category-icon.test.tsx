import { render } from '@testing-library/react';
import { CATEGORIES, storedCategoryValue } from '../../catalogue';
import { CATEGORY_ICON_SPRITE } from '../../catalogue/category-icons.generated';
import { CategoryIcon, categoryIconId, OTHERS_ICON_ID } from '../category-icon';

describe('CategoryIcon', () => {
  it('is a decorative SVG that uses the sprite symbol of the category', () => {
    const { container } = render(<CategoryIcon id="plumber" className="x" />);
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('focusable', 'false');
    expect(svg).toHaveClass('category-icon', 'x');
    expect(svg.querySelector('use')).toHaveAttribute('href', `${CATEGORY_ICON_SPRITE}#plumber`);
    expect(svg.textContent).toBe('');
  });

  it('maps stored values to icon ids: catalogue entries by id, free text and unknown to Other', () => {
    for (const c of CATEGORIES) expect(categoryIconId(storedCategoryValue(c))).toBe(c.id);
    expect(categoryIconId('🔧 प्लंबर')).toBe('plumber');
    expect(categoryIconId('OTHERS: Bakery')).toBe(OTHERS_ICON_ID);
    expect(categoryIconId('something else')).toBe(OTHERS_ICON_ID);
  });
});
