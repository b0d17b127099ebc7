import { foldVietnamese } from './fold';
import { RESERVED_SLUGS } from '../constants';

/** A URL slug from a Vietnamese title: "Đấu Phá Thương Khung" → "dau-pha-thuong-khung". */
export function slugify(text: string): string {
  return foldVietnamese(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.includes(slug) || /^chuong-\d+$/.test(slug);
}

/**
 * A story slug that is never a reserved first path segment and never empty; `taken` says
 * whether a candidate is already used by another story.
 */
export async function storySlug(title: string, taken: (slug: string) => Promise<boolean>): Promise<string> {
  let base = slugify(title) || 'truyen-moi';
  if (isReservedSlug(base)) base = `${base}-truyen`;
  let candidate = base;
  for (let n = 2; await taken(candidate); n++) candidate = `${base}-${n}`;
  return candidate;
}
