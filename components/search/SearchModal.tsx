import { Search } from 'lucide-react';
import { Dialog } from '@/components/ui/Dialog';
import { KeywordField } from './KeywordField';
import { useSearchSubmit } from './useSearchSubmit';

/** Search on phones, in a modal (spec §2); refuses keywords shorter than 2 characters. */
export default function SearchModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { value, setValue, submit } = useSearchSubmit('mobile', onClose);
  return (
    <Dialog open={open} onClose={onClose} title="Tìm truyện" className="mt-16 mb-auto">
      <form role="search" onSubmit={submit} className="flex gap-2" data-testid="mobile-search">
        <KeywordField
          label="Từ khóa"
          placeholder="Tên truyện, tác giả…"
          value={value}
          onChange={setValue}
          autoFocus
          className="h-11 min-w-0 flex-1 rounded-lg border border-ink/20 bg-paper px-3 text-base focus:border-brand focus:outline-none dark:border-night-line dark:bg-night dark:focus:border-brand-dark"
        />
        <button type="submit" className="inline-flex h-11 items-center gap-1.5 rounded-lg bg-brand px-4 font-semibold text-white dark:bg-brand-dark dark:text-night">
          <Search size={18} aria-hidden />
          Tìm
        </button>
      </form>
    </Dialog>
  );
}
