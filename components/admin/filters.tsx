import { Search } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useId, useState } from 'react';
import { Pagination } from '@/components/ui/Pagination';
import { formatNumber } from './format';
import { consoleHref, pageCount } from './query';
import { BUTTON, INPUT } from './ui';

/** Filters that live in the URL: a row of choices, a search box, the pages of a list. */

export interface Choice {
  value: string;
  label: string;
}

/** Links that set one URL parameter (and go back to the first page). */
export function FilterTabs({ label, param, choices, current, params }: { label: string; param: string; choices: Choice[]; current: string; params: Record<string, string> }) {
  const { pathname } = useRouter();
  return (
    <nav aria-label={label} className="mb-3 overflow-x-auto">
      <ul className="flex gap-1">
        {choices.map((choice) => {
          const active = choice.value === current;
          return (
            <li key={choice.value} className="shrink-0">
              <Link
                prefetch={false}
                href={consoleHref(pathname, { ...params, [param]: choice.value, page: undefined })}
                aria-current={active ? 'true' : undefined}
                className={`inline-flex min-h-9 items-center rounded-full px-3 text-sm font-semibold ${
                  active ? 'bg-brand text-white dark:bg-brand-dark dark:text-night' : 'border border-ink/15 hover:border-brand hover:text-brand dark:border-night-line dark:hover:border-brand-dark dark:hover:text-brand-dark'
                }`}
              >
                {choice.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A search box that writes `?query=` (and keeps the other filters). */
export function SearchForm({ label, placeholder, current, params }: { label: string; placeholder: string; current: string; params: Record<string, string> }) {
  const router = useRouter();
  const [text, setText] = useState(current);
  const [shown, setShown] = useState(current);
  const id = useId();
  if (shown !== current) {
    setShown(current);
    setText(current);
  }
  return (
    <form
      role="search"
      className="mb-4 flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void router.push(consoleHref(router.pathname, { ...params, query: text.trim(), page: undefined }));
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input id={id} type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder={placeholder} className={INPUT} />
      <button type="submit" className={BUTTON.primary}>
        <Search size={16} aria-hidden /> <span className="hidden sm:inline">Tìm</span>
        <span className="sr-only sm:hidden">Tìm</span>
      </button>
    </form>
  );
}

/** "12 kết quả" and the page links of a paged answer. */
export function ListFooter({ total, page, perpage, params, noun = 'kết quả' }: { total: number; page: number; perpage: number; params: Record<string, string>; noun?: string }) {
  const { pathname } = useRouter();
  return (
    <>
      <p className="mt-4 text-sm text-ink-soft dark:text-neutral-400" role="status">
        {formatNumber(total)} {noun}
      </p>
      <Pagination page={page + 1} pageCount={pageCount(total, perpage)} href={(p) => consoleHref(pathname, { ...params, page: p })} />
    </>
  );
}
