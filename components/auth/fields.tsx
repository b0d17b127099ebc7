import type { InputHTMLAttributes } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string | null;
}

/** A labelled input with its message below (linked by aria-describedby). */
export function Field({ id, label, error, className = '', ...input }: FieldProps) {
  const messageId = `${id}-message`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        className={`w-full rounded-lg border bg-white px-3 py-2.5 text-base outline-none focus:border-brand focus:ring-2 focus:ring-brand/30 dark:bg-night dark:text-neutral-100 dark:focus:border-brand-dark ${
          error ? 'border-red-600 dark:border-red-400' : 'border-ink/20 dark:border-night-line'
        }`}
        {...input}
      />
      {/* The message line keeps its height, so a message appearing never moves what is below it mid-click. */}
      <p id={messageId} className="mt-1 min-h-5 text-sm leading-5 text-red-700 dark:text-red-400">
        {error}
      </p>
    </div>
  );
}

/** A message box: red on failure, green on success (forgot password, spec §8). */
export function MessageBox({ tone, children, testId }: { tone: 'error' | 'success'; children: React.ReactNode; testId?: string }) {
  const colours =
    tone === 'error'
      ? 'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200'
      : 'border-green-300 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200';
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} data-testid={testId} data-tone={tone} className={`rounded-lg border px-3 py-2 text-sm ${colours}`}>
      {children}
    </div>
  );
}

export const PRIMARY_BUTTON =
  'w-full rounded-lg bg-brand px-4 py-2.5 font-semibold text-white transition hover:bg-brand/90 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-brand-dark dark:text-night';
export const LINK_BUTTON = 'text-sm font-semibold text-brand underline-offset-2 hover:underline dark:text-brand-dark';
