import { FileDown } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import type { ExportBook } from './types';

// The dialog and its download code load when the reader asks for them.
const ExportDialog = dynamic(() => import('./ExportDialog').then((module) => module.ExportDialog), { ssr: false });

interface Props {
  book: ExportBook;
  /** The first chapter offered (the reader's current one). */
  from: number;
  className?: string;
  /** A smaller button, for lists (the cabinet). */
  compact?: boolean;
}

const full =
  'inline-flex min-h-11 items-center gap-2 rounded-lg border border-brand px-4 py-2 font-semibold text-brand hover:bg-brand/10 dark:border-brand-dark dark:text-brand-dark';
const small = 'inline-flex items-center gap-1 rounded-full border border-ink/20 px-3 py-1 text-sm hover:bg-ink/5 dark:border-night-line dark:hover:bg-white/5';

/** "Tải về": the story's chapters as an EPUB or TXT file for any e-reader. */
export function ExportButton({ book, from, className = '', compact = false }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={`${compact ? small : full} ${className}`} aria-label={compact ? `Tải về: ${book.title}` : undefined}>
        <FileDown aria-hidden className={compact ? 'size-3.5' : 'size-5'} /> Tải về
      </button>
      {open && <ExportDialog open onClose={() => setOpen(false)} book={book} from={from} />}
    </>
  );
}
