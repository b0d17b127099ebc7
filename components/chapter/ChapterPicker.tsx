import { useRouter } from 'next/router';
import { useState, type FormEvent } from 'react';
import { ChapterList } from '@/components/story/ChapterList';
import { Dialog } from '@/components/ui/Dialog';
import { chapterPath } from './readerStyles';

interface ChapterPickerProps {
  open: boolean;
  onClose: () => void;
  storyId: string;
  slug: string;
  total: number;
  current: number;
}

/** Jump to a chapter by number, or pick it from the paged list. */
export function ChapterPicker({ open, onClose, storyId, slug, total, current }: ChapterPickerProps) {
  const router = useRouter();
  const [value, setValue] = useState('');

  const jump = (event: FormEvent) => {
    event.preventDefault();
    const index = Number(value);
    if (!Number.isInteger(index) || index < 1 || index > total) return;
    onClose();
    void router.push(chapterPath(slug, index));
  };

  return (
    <Dialog open={open} onClose={onClose} bodyClassName="max-h-[70vh]" title="Danh sách chương">
      <form onSubmit={jump} className="mb-4 flex gap-2">
        <label className="flex flex-1 items-center gap-2 text-sm">
          <span className="shrink-0">Đến chương</span>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={total}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            placeholder={`1–${total}`}
            className="w-full rounded-md border border-ink/20 bg-transparent px-3 py-2 dark:border-night-line"
          />
        </label>
        <button type="submit" className="rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white hover:opacity-90">
          Đi
        </button>
      </form>
      <div onClick={(event) => (event.target as HTMLElement).closest('a') && onClose()}>
        <ChapterList storyId={storyId} slug={slug} total={total} current={current} />
      </div>
    </Dialog>
  );
}
