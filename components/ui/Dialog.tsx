import { X } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Extra classes for the panel (width, padding). */
  className?: string;
  /** Extra classes for the scrolling body, e.g. a max height for a long list. */
  bodyClassName?: string;
  /** 'center' for a modal box, 'right' for a full-height drawer, 'sheet' for a box rising from the bottom on phones. */
  placement?: 'center' | 'right' | 'sheet';
  closeLabel?: string;
  /** Hide the visible title (it still names the dialog for screen readers). */
  hideTitle?: boolean;
  /** 'alertdialog' for a confirmation that interrupts (e.g. before deleting). */
  role?: 'dialog' | 'alertdialog';
  /** The id of the text that describes the dialog. */
  describedBy?: string;
  /**
   * Rendered open in the server HTML, where CSS decides whether it shows (see WelcomeDialog), so it
   * can be in the first paint; it becomes modal once `open` is set, and one the reader closed
   * before the scripts ran (a `form method="dialog"` button) stays closed: `onClose` is called.
   */
  openBeforeHydration?: boolean;
}

const PLACEMENT = {
  center: 'm-auto w-11/12 max-w-lg rounded-xl',
  right: 'ml-auto mr-0 h-dvh max-h-dvh w-[85vw] max-w-sm rounded-none',
  sheet: 'mx-auto mb-0 mt-auto w-full max-w-none rounded-t-2xl rounded-b-none sm:m-auto sm:w-11/12 sm:max-w-md sm:rounded-2xl',
} as const;

/**
 * A modal dialog on the native <dialog> element: it traps focus, closes on Escape and on a click
 * on the backdrop, and returns focus to what opened it. Mark the control to focus first with
 * `data-autofocus`.
 */
export function Dialog(props: DialogProps) {
  const { open, onClose, title, children, className = '', bodyClassName = '', placement = 'center', closeLabel = 'Đóng', hideTitle, role, describedBy, openBeforeHydration } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const modal = useRef(false);
  // Rendered open by the server: the attribute stays as rendered (React never removes it), so
  // only the reader (closing it) or the upgrade to modal below change the dialog's state.
  const [openAttribute] = useState(() => Boolean(openBeforeHydration) || undefined);
  // Not yet upgraded to modal, or found closed by the reader.
  const prerendered = useRef(Boolean(openBeforeHydration));
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !modal.current) {
      if (prerendered.current) {
        prerendered.current = false;
        if (!dialog.open) return onClose();
        // Open in the server HTML but not modal: reopened as modal in the same task, unseen.
        dialog.close();
      }
      dialog.showModal();
      modal.current = true;
      // showModal focuses the first control (the close button); a field marked data-autofocus wins.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && modal.current) {
      modal.current = false;
      dialog.close();
    }
  }, [open, onClose]);

  // A dialog removed while open (its owner unmounts it) is closed first, so focus goes back to
  // what opened it.
  useLayoutEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => event.target === ref.current && onClose()}
      open={openAttribute}
      className={`bg-paper p-0 text-ink shadow-2xl backdrop:bg-black/50 dark:bg-night-raised dark:text-neutral-200 ${PLACEMENT[placement]} ${className}`}
    >
      {(open || openBeforeHydration) && (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-3 border-b border-ink/10 px-5 py-3 dark:border-night-line">
            <h2 id={titleId} className={hideTitle ? 'sr-only' : 'text-lg font-bold'}>
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label={closeLabel}
              className="-mr-2 ml-auto rounded-full p-2 text-ink-soft hover:bg-ink/5 dark:text-neutral-300 dark:hover:bg-white/10"
            >
              <X size={20} aria-hidden />
            </button>
          </div>
          <div className={`min-h-0 flex-1 overflow-y-auto px-5 py-4 ${bodyClassName}`}>{children}</div>
        </div>
      )}
    </dialog>
  );
}
