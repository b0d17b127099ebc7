/**
 * Folds Vietnamese text to lower-case ASCII for accent- and case-insensitive search:
 * "Tiên Hiệp Đô Thị" → "tien hiep do thi". Used both when a story is written and when a
 * keyword is searched, so the two always agree.
 */
export function foldVietnamese(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
