import { timestamp } from 'drizzle-orm/pg-core';

/** Vietnamese letters with diacritics (both cases) and their plain lower-case letters, for search_description. */
const VIETNAMESE_FOLDS: Record<string, string> = {
  a: 'àáảãạăằắẳẵặâầấẩẫậ',
  e: 'èéẻẽẹêềếểễệ',
  i: 'ìíỉĩị',
  o: 'òóỏõọôồốổỗộơờớởỡợ',
  u: 'ùúủũụưừứửữự',
  y: 'ỳýỷỹỵ',
  d: 'đ',
};
export const FOLD_FROM = Object.values(VIETNAMESE_FOLDS)
  .map((forms) => forms + forms.toUpperCase())
  .join('');
export const FOLD_TO = Object.entries(VIETNAMESE_FOLDS)
  .map(([plain, forms]) => plain.repeat(forms.length * 2))
  .join('');

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
