import { X } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';

/** A modal dialog on the native <dialog> element: focus trapped, Esc closes, backdrop click closes. */
export function Dialog({ open, onClose, title, children }: { open: boolean; onClose: () => void; title: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onClick={(event) => event.target === ref.current && onClose()}
      aria-label={title}
      className="m-auto w-11/12 max-w-lg rounded-xl bg-paper p-0 text-ink shadow-xl backdrop:bg-black/50 dark:bg-night-raised dark:text-neutral-200"
    >
      <div className="flex items-center justify-between border-b border-ink/10 px-4 py-3 dark:border-night-line">
        <h2 className="text-base font-bold">{title}</h2>
        <button type="button" onClick={onClose} className="rounded p-1 hover:bg-ink/10" aria-label="Đóng">
          <X aria-hidden className="size-5" />
        </button>
      </div>
      <div className="max-h-[70vh] overflow-y-auto p-4">{open ? children : null}</div>
    </dialog>
  );
}
