import type { Paged } from '@/lib/types';

export type { Paged };

/** A paged answer of the operator endpoints (API.md conventions: 0-based pages). */
export function paged<T>(results: T[], total: number, query: { page: number; perpage: number }): Paged<T> {
  return { results, total, page: query.page, perpage: query.perpage };
}

export function offsetOf(query: { page: number; perpage: number }): number {
  return query.page * query.perpage;
}
