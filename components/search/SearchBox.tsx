import { Search } from 'lucide-react';
import { KeywordField } from './KeywordField';
import { useSearchSubmit } from './useSearchSubmit';

/** The header's search form on wide screens. */
export function SearchBox() {
  const { value, setValue, submit } = useSearchSubmit('desktop');
  return (
    <form role="search" onSubmit={submit} className="relative" data-testid="header-search">
      <KeywordField
        label="Tìm truyện"
        placeholder="Tìm truyện, tác giả…"
        value={value}
        onChange={setValue}
        className="h-9 w-44 rounded-full border border-ink/15 bg-paper pl-4 pr-10 text-sm placeholder:text-ink-soft/80 focus:border-brand focus:outline-none xl:w-52 dark:border-night-line dark:bg-night dark:placeholder:text-neutral-400 dark:focus:border-brand-dark"
      />
      <button type="submit" aria-label="Tìm kiếm" className="absolute right-1 top-1/2 grid h-7 w-7 -translate-y-1/2 place-items-center rounded-full text-ink-soft hover:text-brand dark:text-neutral-300 dark:hover:text-brand-dark">
        <Search size={16} aria-hidden />
      </button>
    </form>
  );
}
