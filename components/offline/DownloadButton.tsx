import { Download } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import type { DownloadStory } from '@/lib/offline/downloader';

// The dialog, the download code and IndexedDB load when the reader asks for them.
const DownloadDialog = dynamic(() => import('./DownloadDialog').then((module) => module.DownloadDialog), { ssr: false });

interface Props {
  story: DownloadStory;
  /** The first chapter to download. */
  from: number;
  /** Characters of a chapter of this story, when known (for the size estimate). */
  charsPerChapter?: number | null;
  className?: string;
}

/** "Tải để nghe offline" on the story and chapter pages. */
export function DownloadButton({ story, from, charsPerChapter = null, className = '' }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={`inline-flex min-h-11 items-center gap-2 rounded-lg border border-brand px-4 py-2 font-semibold text-brand hover:bg-brand/10 dark:border-brand-dark dark:text-brand-dark ${className}`}
      >
        <Download aria-hidden className="size-5" /> Tải để nghe offline
      </button>
      {open && <DownloadDialog open onClose={() => setOpen(false)} story={story} from={from} charsPerChapter={charsPerChapter} />}
    </>
  );
}
