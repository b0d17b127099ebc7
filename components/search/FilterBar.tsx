import Link from 'next/link';
import type { ReactNode } from 'react';
import { CHAPTER_OPTIONS, SORT_OPTIONS, STATUS_NAMES } from '@/lib/constants';
import { searchUrl, type SearchQuery } from '@/lib/routes';
import type { Genre } from '@/lib/types';

const CHIP = 'inline-flex items-center gap-1 rounded-full border px-3 py-1.5 text-sm';
const IDLE = `${CHIP} border-ink/15 hover:border-brand hover:text-brand dark:border-night-line dark:hover:border-brand-dark dark:hover:text-brand-dark`;
const ACTIVE = `${CHIP} border-brand bg-brand font-semibold text-white dark:border-brand-dark dark:bg-brand-dark dark:text-night`;

function Chip({ href, active, children }: { href: string; active: boolean; children: ReactNode }) {
  return (
    <Link prefetch={false} href={href} className={active ? ACTIVE : IDLE} aria-current={active ? 'true' : undefined} scroll={false}>
      {children}
    </Link>
  );
}

function Row({ label, children, id }: { label: string; children: ReactNode; id?: string }) {
  return (
    <div id={id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start">
      <h2 className="w-28 shrink-0 pt-1.5 text-sm font-bold text-ink-soft dark:text-neutral-300">{label}</h2>
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}

/** Toggles a value in a list, keeping order. */
const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);

/** The filters of /truyen as links (crawlable, no script needed): genres (several), chapters, status, order. */
export function FilterBar({ query, genres }: { query: SearchQuery; genres: Genre[] }) {
  const cats = query.cats ?? [];
  const base: SearchQuery = { ...query, page: undefined };
  return (
    <div className="divide-y divide-ink/10 rounded-xl border border-ink/10 bg-paper-deep/50 px-4 dark:divide-night-line dark:border-night-line dark:bg-night-raised/60">
      <Row label="Thể loại" id="the-loai">
        {genres.map((genre) => (
          <Chip key={genre._id} href={searchUrl({ ...base, cats: toggle(cats, genre.name) })} active={cats.includes(genre.name)}>
            {genre.name}
            {genre.hot && <span aria-hidden className={cats.includes(genre.name) ? 'hot-flame' : 'hot-flame text-orange-600 dark:text-orange-400'} />}
          </Chip>
        ))}
      </Row>
      <Row label="Số chương">
        <Chip href={searchUrl({ ...base, chapters: undefined })} active={!query.chapters}>
          Tất cả
        </Chip>
        {CHAPTER_OPTIONS.map((option) => (
          <Chip key={option.key} href={searchUrl({ ...base, chapters: option.key })} active={query.chapters === option.key}>
            {option.name}
          </Chip>
        ))}
      </Row>
      <Row label="Trạng thái">
        <Chip href={searchUrl({ ...base, status: undefined })} active={!query.status}>
          Tất cả
        </Chip>
        {(['ongoing', 'completed'] as const).map((status) => (
          <Chip key={status} href={searchUrl({ ...base, status })} active={query.status === status}>
            {STATUS_NAMES[status]}
          </Chip>
        ))}
      </Row>
      <Row label="Sắp xếp">
        <Chip href={searchUrl({ ...base, sort: undefined })} active={!query.sort}>
          {query.keyword ? 'Phù hợp nhất' : 'Mới cập nhật'}
        </Chip>
        {SORT_OPTIONS.filter((option) => option.key !== 'new' && option.key !== 'completed').map((option) => (
          <Chip key={option.key} href={searchUrl({ ...base, sort: option.key })} active={query.sort === option.key}>
            {option.name}
          </Chip>
        ))}
      </Row>
    </div>
  );
}
