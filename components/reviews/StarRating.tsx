import { Star } from 'lucide-react';
import { useId } from 'react';

const STARS = [1, 2, 3, 4, 5] as const;

export const RATING_NAMES: Record<number, string> = { 1: 'Rất tệ', 2: 'Tệ', 3: 'Tạm được', 4: 'Hay', 5: 'Rất hay' };

/** Stars for a rating (fractions round to the nearest half star), with a text name for screen readers. */
export function StarsDisplay({ value, size = 16 }: { value: number; size?: number }) {
  const rounded = Math.round(value * 2) / 2;
  return (
    <span role="img" aria-label={`${value.toLocaleString('vi-VN', { maximumFractionDigits: 1 })} trên 5 sao`} className="inline-flex items-center gap-0.5">
      {STARS.map((star) => {
        const fill = rounded >= star ? 'full' : rounded >= star - 0.5 ? 'half' : 'none';
        return (
          <span key={star} className="relative inline-flex text-amber-500 dark:text-amber-400">
            <Star size={size} aria-hidden className="opacity-40" />
            {fill !== 'none' && (
              <span className="absolute inset-0 overflow-hidden" style={{ width: fill === 'half' ? '50%' : '100%' }}>
                <Star size={size} aria-hidden fill="currentColor" />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}

/** Choosing 1–5 stars: a radio group, so it works with the keyboard and names each choice. */
export function StarPicker({ value, onChange }: { value: number; onChange: (rating: number) => void }) {
  const name = useId();
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Chấm điểm truyện</legend>
      <span className="inline-flex">
        {STARS.map((star) => (
          <label key={star} className="relative cursor-pointer p-0.5 text-amber-500 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand dark:text-amber-400">
            <input type="radio" name={name} value={star} checked={value === star} onChange={() => onChange(star)} className="sr-only" />
            <Star size={28} aria-hidden fill={value >= star ? 'currentColor' : 'none'} />
            <span className="sr-only">{`${star} sao – ${RATING_NAMES[star]}`}</span>
          </label>
        ))}
      </span>
      <span className="text-sm text-ink-soft dark:text-neutral-400" aria-hidden>
        {value ? RATING_NAMES[value] : 'Chọn số sao'}
      </span>
    </fieldset>
  );
}
