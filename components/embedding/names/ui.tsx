/** Building blocks of the names section. */

export const PRIMARY_BUTTON =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand px-5 py-2 font-semibold text-white hover:bg-brand/90 disabled:opacity-60 dark:bg-brand-dark dark:text-night';
export const SECONDARY_BUTTON =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-ink/20 bg-white/60 px-4 py-2 text-sm font-semibold hover:border-brand hover:text-brand disabled:opacity-60 dark:border-night-line dark:bg-night dark:hover:border-brand-dark dark:hover:text-brand-dark';
export const SMALL_BUTTON =
  'inline-flex min-h-10 items-center justify-center gap-1 rounded-lg border border-ink/20 px-3 py-1.5 text-sm font-semibold hover:border-brand hover:text-brand disabled:opacity-60 dark:border-night-line dark:hover:border-brand-dark dark:hover:text-brand-dark';
export const HINT = 'text-sm text-ink-soft dark:text-neutral-400';

/** What the last action said: an error (its lines) or what was done; `form` when it is about the own list's text. */
export interface NoticeState {
  tone: 'error' | 'done';
  lines: string[];
  form?: boolean;
}

/** The one notice of the names section: role=alert for an error, role=status for what was done. */
export function Notice({ id, notice }: { id?: string; notice: NoticeState | null }) {
  if (!notice) return null;
  if (notice.tone === 'error') {
    return (
      <div id={id} role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200">
        <ul className="list-inside list-disc space-y-1">
          {notice.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <p id={id} role="status" className="rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-800 dark:border-green-800 dark:bg-green-950/40 dark:text-green-200">
      {notice.lines.join(' ')}
    </p>
  );
}
