import { useId, useState, type FormEvent, type ReactNode } from 'react';

interface Props {
  label: string;
  placeholder?: string;
  maxLength: number;
  initial?: string;
  submitLabel: string;
  /**
   * Resolves true when saved (the box empties), false when it failed (the text stays), or the
   * server's reason for refusing the account's writing (a muted reader's), shown in the form.
   */
  onSubmit: (text: string) => Promise<boolean | string>;
  onCancel?: () => void;
  autoFocus?: boolean;
  rows?: number;
  /** Extra fields above the text, e.g. the stars of a review. */
  children?: ReactNode;
  /** Whether the form may be sent besides having text (e.g. a rating chosen). */
  ready?: boolean;
}

/** A labelled plain-text box with a character count, send and (optionally) cancel. */
export function TextComposer({ label, placeholder, maxLength, initial = '', submitLabel, onSubmit, onCancel, autoFocus, rows = 3, children, ready = true }: Props) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const trimmed = text.trim();
  const tooLong = trimmed.length > maxLength;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed || tooLong || !ready || sending) return;
    setSending(true);
    setRefusal(null);
    const saved = await onSubmit(trimmed);
    setSending(false);
    if (typeof saved === 'string') setRefusal(saved);
    else if (saved && !initial) setText('');
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      {children}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder ?? label}
        rows={rows}
        autoFocus={autoFocus}
        aria-invalid={tooLong}
        aria-describedby={refusal ? `${id}-count ${id}-refusal` : `${id}-count`}
        className="w-full resize-y rounded-lg border border-ink/20 bg-white px-3 py-2 text-base text-ink placeholder:text-ink-soft/70 focus:border-brand dark:border-night-line dark:bg-night-raised dark:text-neutral-100 dark:placeholder:text-neutral-500"
      />
      {refusal && (
        <p id={`${id}-refusal`} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100" data-testid="write-refusal">
          {refusal}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={`${id}-count`} className={`text-xs ${tooLong ? 'font-semibold text-red-700 dark:text-red-400' : 'text-ink-soft dark:text-neutral-400'}`}>
          {trimmed.length.toLocaleString('vi-VN')}/{maxLength.toLocaleString('vi-VN')} ký tự
        </span>
        <div className="flex gap-2">
          {onCancel && (
            <button type="button" onClick={onCancel} className="rounded-full px-4 py-1.5 text-sm font-medium hover:bg-ink/5 dark:hover:bg-white/10">
              Hủy
            </button>
          )}
          <button
            type="submit"
            disabled={!trimmed || tooLong || !ready || sending}
            className="rounded-full bg-brand px-4 py-1.5 text-sm font-semibold text-white disabled:opacity-50 dark:bg-brand-dark dark:text-night"
          >
            {sending ? 'Đang gửi…' : submitLabel}
          </button>
        </div>
      </div>
    </form>
  );
}
