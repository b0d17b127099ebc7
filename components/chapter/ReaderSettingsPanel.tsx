import { Minus, Plus } from 'lucide-react';
import {
  FONT_SIZE,
  LINE_HEIGHT,
  READER_BACKGROUNDS,
  READER_WIDTHS,
  type ReaderSettings,
} from '@/lib/readerSettings';
import { Dialog } from '@/components/ui/Dialog';
import { READER_BACKGROUND_CLASSES, READER_BACKGROUND_NAMES, READER_WIDTH_NAMES } from './readerStyles';

interface ReaderSettingsPanelProps {
  open: boolean;
  onClose: () => void;
  settings: ReaderSettings;
  onChange: (change: Partial<ReaderSettings>) => void;
  onReset: () => void;
}

const stepButton =
  'inline-flex size-10 items-center justify-center rounded-md border border-ink/20 hover:border-brand disabled:opacity-40 dark:border-night-line';
const choiceClass = (selected: boolean) =>
  `min-h-10 rounded-md border px-3 py-2 text-sm ${selected ? 'border-brand font-semibold ring-2 ring-brand/40' : 'border-ink/20 dark:border-night-line'}`;

function Stepper({ label, value, display, min, max, step, onChange }: {
  label: string;
  value: number;
  display: string;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
}) {
  const set = (next: number) => onChange(Math.round(Math.min(max, Math.max(min, next)) * 10) / 10);
  return (
    <div className="flex items-center justify-between gap-3">
      <span className="text-sm font-semibold">{label}</span>
      <div className="flex items-center gap-2">
        <button type="button" className={stepButton} onClick={() => set(value - step)} disabled={value <= min} aria-label={`Giảm ${label.toLowerCase()}`}>
          <Minus aria-hidden className="size-4" />
        </button>
        <output className="w-14 text-center tabular-nums" aria-live="polite" aria-label={label}>
          {display}
        </output>
        <button type="button" className={stepButton} onClick={() => set(value + step)} disabled={value >= max} aria-label={`Tăng ${label.toLowerCase()}`}>
          <Plus aria-hidden className="size-4" />
        </button>
      </div>
    </div>
  );
}

/** Font, size, line height, background and width of the chapter text. */
export function ReaderSettingsPanel({ open, onClose, settings, onChange, onReset }: ReaderSettingsPanelProps) {
  return (
    <Dialog open={open} onClose={onClose} bodyClassName="max-h-[70vh]" title="Cài đặt đọc">
      <div className="space-y-5">
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">Phông chữ</legend>
          <div className="flex gap-2">
            <button type="button" className={`${choiceClass(settings.font === 'serif')} font-serif`} aria-pressed={settings.font === 'serif'} onClick={() => onChange({ font: 'serif' })}>
              Có chân (Literata)
            </button>
            <button type="button" className={`${choiceClass(settings.font === 'sans')} font-sans`} aria-pressed={settings.font === 'sans'} onClick={() => onChange({ font: 'sans' })}>
              Không chân
            </button>
          </div>
        </fieldset>
        <Stepper label="Cỡ chữ" value={settings.size} display={`${settings.size}px`} {...FONT_SIZE} onChange={(size) => onChange({ size })} />
        <Stepper
          label="Giãn dòng"
          value={settings.lineHeight}
          display={settings.lineHeight.toFixed(1)}
          {...LINE_HEIGHT}
          onChange={(lineHeight) => onChange({ lineHeight })}
        />
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">Màu nền</legend>
          <div className="flex flex-wrap gap-2">
            {READER_BACKGROUNDS.map((background) => (
              <button
                key={background}
                type="button"
                aria-pressed={settings.background === background}
                onClick={() => onChange({ background })}
                className={`${choiceClass(settings.background === background)} ${READER_BACKGROUND_CLASSES[background]}`}
              >
                {READER_BACKGROUND_NAMES[background]}
              </button>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">Độ rộng trang</legend>
          <div className="flex gap-2">
            {READER_WIDTHS.map((width) => (
              <button key={width} type="button" aria-pressed={settings.width === width} onClick={() => onChange({ width })} className={choiceClass(settings.width === width)}>
                {READER_WIDTH_NAMES[width]}
              </button>
            ))}
          </div>
        </fieldset>
        <button type="button" onClick={onReset} className="text-sm underline">
          Khôi phục mặc định
        </button>
      </div>
    </Dialog>
  );
}
