import type { TFunction } from 'i18next';
import { categoryLabel, parseStoredCategory, type Language } from '@city/shared';

/**
 * A stored category in words for the operator: the catalogue's name in the page's language, or
 * for "others" the provider's own text after the translated word ("अन्य: टिफ़िन सेवा"), never
 * the stored `OTHERS: ...`.
 */
export function categoryName(t: TFunction<'admin'>, lang: Language, value: string): string {
  const parsed = parseStoredCategory(value);
  if (parsed.kind === 'other') return parsed.text ? t('fields.otherCategory', { text: parsed.text }) : t('fields.otherCategoryBare');
  return categoryLabel(value, lang);
}
