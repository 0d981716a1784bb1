import { memo } from 'react';
import { CATEGORY_ICON_SPRITE } from '../catalogue/category-icons.generated';
import { parseStoredCategory } from '../catalogue/category-value';

/** The sprite id for free-text ('Other') and unknown categories. */
export const OTHERS_ICON_ID = 'others';

/** The pictogram id of a stored category value (`${icon} ${hi}`, 'OTHERS: text', ...). */
export function categoryIconId(storedValue: string): string {
  const parsed = parseStoredCategory(storedValue);
  return parsed.kind === 'catalogue' ? parsed.category.id : OTHERS_ICON_ID;
}

export interface CategoryIconProps {
  /** A catalogue category id, or OTHERS_ICON_ID. */
  id: string;
  className?: string;
}

/**
 * A category's pictogram (Tabler Icons, from the sprite the shell serves): the same drawing on
 * every phone, unlike emoji. Decorative: the category's name is always the text beside it. Sized
 * 1em, drawn in the text colour. Memoised: a page shows up to ~90 of them (the banner twice, the
 * grid, the cards), and a parent's re-render must not redraw each one.
 */
export const CategoryIcon = memo(function CategoryIcon({ id, className }: CategoryIconProps) {
  return (
    <svg
      className={className ? `category-icon ${className}` : 'category-icon'}
      aria-hidden="true"
      focusable="false"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      data-icon={id}
    >
      <use href={`${CATEGORY_ICON_SPRITE}#${id}`} />
    </svg>
  );
});
