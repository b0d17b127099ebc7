/** Classes of the controls the sheet dialogs share ("Tải để nghe offline", "Tải về"). */

/** A choice among a few, as a radio button filling its share of a row. */
export const choiceChip = (selected: boolean) =>
  `min-h-10 flex-1 rounded-lg border px-3 py-2 text-sm font-semibold ${
    selected ? 'border-brand bg-brand text-white dark:border-brand-dark dark:bg-brand-dark dark:text-night' : 'border-ink/20 hover:bg-ink/5 dark:border-night-line dark:hover:bg-white/5'
  }`;
export const primaryButton = 'inline-flex min-h-11 items-center justify-center rounded-lg bg-brand px-4 py-2 font-semibold text-white hover:opacity-90 disabled:opacity-50 dark:bg-brand-dark dark:text-night';
export const secondaryButton = 'inline-flex min-h-11 items-center justify-center rounded-lg border border-ink/20 px-4 py-2 font-semibold hover:bg-ink/5 dark:border-night-line dark:hover:bg-white/5';
