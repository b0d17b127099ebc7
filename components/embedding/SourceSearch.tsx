import { AlertCircle, BookPlus, CheckCircle2, Loader2, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { SourceSearchRow } from '@/lib/api/embedding';
import { MAX_SOURCE_SEARCH_QUERY } from '@/lib/embeddingSearch';
import type { SiteSearchState, SourceSearchState } from './useSourceSearch';

interface Props {
  state: SourceSearchState;
  initialQuery?: string;
  /** True while a story is being embedded (buttons wait). */
  embedding: boolean;
  onSearch: (query: string) => void;
  onEmbed: (sourceUrl: string) => void;
}

function SiteStatus({ site }: { site: SiteSearchState }) {
  return (
    <li data-testid={`search-site-${site.id}`} data-state={site.state} className="flex items-center gap-1.5 rounded-full bg-paper-deep px-3 py-1 text-sm dark:bg-night-raised">
      {site.state === 'searching' && <Loader2 aria-hidden className="h-4 w-4 animate-spin" />}
      {site.state === 'done' && <CheckCircle2 aria-hidden className="h-4 w-4 text-green-700 dark:text-green-400" />}
      {site.state === 'error' && <AlertCircle aria-hidden className="h-4 w-4 text-red-700 dark:text-red-400" />}
      <span className="font-medium">{site.name}</span>
      <span className="text-ink-soft dark:text-neutral-400">
        {site.state === 'searching' ? 'đang tìm…' : site.state === 'done' ? `${site.count} kết quả` : site.message}
      </span>
    </li>
  );
}

function ResultRow({ row, embedding, onEmbed }: { row: SourceSearchRow; embedding: boolean; onEmbed: (sourceUrl: string) => void }) {
  const [first] = row.sites;
  return (
    <li data-testid="source-search-row" className="rounded-lg border border-ink/10 p-4 dark:border-night-line">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold">
            {row.title} <span lang="zh" className="font-normal text-ink-soft dark:text-neutral-400">{row.originalTitle}</span>
          </h3>
          {row.originalAuthor && (
            <p className="text-sm text-ink-soft dark:text-neutral-400">
              Tác giả: {row.author} <span lang="zh">({row.originalAuthor})</span>
            </p>
          )}
        </div>
        <button
          type="button"
          disabled={embedding}
          onClick={() => onEmbed(first.sourceUrl)}
          className="inline-flex shrink-0 items-center justify-center gap-2 rounded-lg bg-brand px-4 py-2 font-semibold text-white hover:bg-brand/90 disabled:opacity-60 dark:bg-brand-dark dark:text-night"
          aria-label={`Nhúng ${row.title} từ ${first.siteName}`}
        >
          <BookPlus aria-hidden className="h-5 w-5" />
          Nhúng
        </button>
      </div>
      <ul className="mt-3 space-y-1.5 text-sm" aria-label={`Các trang nguồn có ${row.title}`}>
        {row.sites.map((site) => (
          <li key={site.siteId} data-testid="source-search-site" className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <span className="font-medium">{site.siteName}</span>
            {site.chapterCount !== null && <span>{site.chapterCount} chương</span>}
            {site.latestChapter && (
              <span className="min-w-0 text-ink-soft dark:text-neutral-400">
                Mới nhất: {site.latestChapter.title} <span lang="zh">({site.latestChapter.originalTitle})</span>
              </span>
            )}
            {row.sites.length > 1 && (
              <button type="button" disabled={embedding} onClick={() => onEmbed(site.sourceUrl)} className="text-brand underline-offset-2 hover:underline disabled:opacity-60 dark:text-brand-dark">
                Nhúng từ {site.siteName}
              </button>
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The search box of Nhúng: a Chinese or Hán-Việt title or author, every site's answer as it comes. */
export function SourceSearch({ state, initialQuery = '', embedding, onSearch, onEmbed }: Props) {
  const [query, setQuery] = useState(initialQuery);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(query);
  };
  const searching = state.phase === 'searching';
  const nothing = state.phase === 'done' && state.rows.length === 0 && !state.message && state.sites.length > 0;
  return (
    <section aria-labelledby="source-search" className="space-y-3">
      <h2 id="source-search" className="font-semibold">
        Tìm truyện trên các trang nguồn
      </h2>
      <form onSubmit={submit} role="search" className="flex flex-col gap-2 sm:flex-row" aria-label="Tìm truyện trên các trang nguồn">
        <label htmlFor="source-search-query" className="sr-only">
          Tên truyện hoặc tác giả
        </label>
        <div className="relative flex-1">
          <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-ink-soft dark:text-neutral-400" />
          <input
            id="source-search-query"
            name="q"
            type="search"
            autoComplete="off"
            maxLength={MAX_SOURCE_SEARCH_QUERY * 2}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="凡人修仙传, 忘语 hoặc Phàm Nhân Tu Tiên Truyện"
            className="w-full rounded-lg border border-ink/20 bg-white py-3 pl-10 pr-3 text-base dark:border-night-line dark:bg-night-raised"
          />
        </div>
        <button
          type="submit"
          disabled={searching}
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand px-5 py-3 font-semibold text-white hover:bg-brand/90 disabled:opacity-60 dark:bg-brand-dark dark:text-night"
        >
          {searching ? <Loader2 aria-hidden className="h-5 w-5 animate-spin" /> : <Search aria-hidden className="h-5 w-5" />}
          Tìm
        </button>
      </form>
      {state.message && (
        <p role="alert" data-testid="search-message" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          {state.message}
        </p>
      )}
      {state.chinese && state.chinese !== state.query && (
        <p className="text-sm" data-testid="search-chinese">
          Tìm theo <span lang="zh" className="font-medium">{state.chinese}</span>
          {state.alternatives.length > 0 && (
            <>
              {' '}· hoặc:{' '}
              {state.alternatives.map((alternative) => (
                <button key={alternative} type="button" lang="zh" onClick={() => { setQuery(alternative); onSearch(alternative); }} className="mr-2 text-brand underline-offset-2 hover:underline dark:text-brand-dark">
                  {alternative}
                </button>
              ))}
            </>
          )}
        </p>
      )}
      {state.sites.length > 0 && (
        <ul aria-label="Các trang nguồn đang tìm" aria-live="polite" className="flex flex-wrap gap-2">
          {state.sites.map((site) => (
            <SiteStatus key={site.id} site={site} />
          ))}
        </ul>
      )}
      {nothing && <p className="text-sm text-ink-soft dark:text-neutral-400">Không trang nguồn nào có truyện này. Hãy thử tên khác hoặc tên tác giả.</p>}
      {state.rows.length > 0 && (
        <ul className="space-y-3" aria-label="Kết quả tìm kiếm">
          {state.rows.map((row) => (
            <ResultRow key={row.key} row={row} embedding={embedding} onEmbed={onEmbed} />
          ))}
        </ul>
      )}
    </section>
  );
}
