import { Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

/** A delete button that asks once more, in place, before deleting. */
export function ConfirmDelete({ what, onConfirm }: { what: string; onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) cancel.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button type="button" onClick={() => setAsking(true)} className={ACTION} aria-label={`Xóa ${what}`}>
        <Trash2 size={14} aria-hidden />
        Xóa
      </button>
    );
  }
  return (
    <span role="group" aria-label={`Xác nhận xóa ${what}`} className="inline-flex flex-wrap items-center gap-2 rounded-md bg-red-50 px-2 py-1 text-xs text-red-900 dark:bg-red-950 dark:text-red-100">
      <span>Xóa {what} này?</span>
      <button
        type="button"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
        className="rounded bg-red-700 px-2 py-0.5 font-semibold text-white dark:bg-red-500 dark:text-night"
      >
        Xóa
      </button>
      <button ref={cancel} type="button" onClick={() => setAsking(false)} className="rounded px-2 py-0.5 font-semibold underline">
        Hủy
      </button>
    </span>
  );
}

export const ACTION =
  'inline-flex min-h-8 items-center gap-1 rounded-full px-2 py-1 text-xs font-medium text-ink-soft hover:bg-ink/5 dark:text-neutral-400 dark:hover:bg-white/10';
