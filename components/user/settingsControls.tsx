import type { ReactNode } from 'react';

export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-4 rounded-xl border border-ink/10 bg-white/60 p-4 dark:border-night-line dark:bg-night-raised" aria-label={title}>
      <h2 className="font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** A radio group drawn as segmented buttons. */
export function Choice({ name, label, value, options, onChange }: { name: string; label: string; value: string; options: { value: string; label: string }[]; onChange: (value: string) => void }) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-semibold">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="cursor-pointer rounded-full border border-ink/20 px-3 py-1.5 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2 dark:border-night-line dark:has-[:checked]:border-brand-dark dark:has-[:checked]:bg-brand-dark dark:has-[:checked]:text-night"
          >
            <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} className="sr-only" />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function Range({ id, label, value, range, format, onChange }: { id: string; label: string; value: number; range: { min: number; max: number; step: number }; format: (value: number) => string; onChange: (value: number) => void }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 flex justify-between text-sm font-semibold">
        {label} <output htmlFor={id}>{format(value)}</output>
      </label>
      <input id={id} type="range" min={range.min} max={range.max} step={range.step} value={value} onChange={(e) => onChange(Number(e.target.value))} className="w-full accent-brand dark:accent-brand-dark" />
    </div>
  );
}

export function Toggle({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label htmlFor={id} className="flex cursor-pointer items-center gap-3 text-sm">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="h-5 w-5 accent-brand dark:accent-brand-dark" />
      {label}
    </label>
  );
}
