import { useId, useState, type ReactNode } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { describe } from '@/lib/api/policy';
import { BUTTON, FormError, INPUT, LABEL } from './ui';

export const REASON_MAX_LENGTH = 500;

interface ReasonDialogProps {
  title: string;
  /** What the action does, said above the field. */
  description?: ReactNode;
  /** The field's label: "Lý do", "Ghi chú". */
  fieldLabel?: string;
  confirmLabel: string;
  /** Red confirm button and an alertdialog role, for what readers will notice (hide, remove). */
  danger?: boolean;
  /** Whether the text may be left empty. */
  optional?: boolean;
  /** More controls under the field (a checkbox). */
  extra?: ReactNode;
  /** A number of days asked above the reason (mute, VIP), 1 to `max`. */
  days?: { label: string; max: number; initial: number };
  onConfirm: (reason: string, days: number) => Promise<void>;
  onClose: () => void;
}

/**
 * Asks for the reason or note an operator action needs (it goes to the audit log, and for a mute
 * to the reader), then runs the action; the dialog stays open with the API's message on failure.
 */
export function ReasonDialog({ title, description, fieldLabel = 'Lý do', confirmLabel, danger, optional, extra, days, onConfirm, onClose }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [dayText, setDayText] = useState(String(days?.initial ?? ''));
  const daysId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const descriptionId = useId();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    const dayCount = Number(dayText);
    if (days && (!Number.isInteger(dayCount) || dayCount < 1 || dayCount > days.max)) return setError(`Số ngày phải từ 1 đến ${days.max}.`);
    if (!optional && !text) return setError(`Vui lòng nhập ${fieldLabel.toLowerCase()}.`);
    setBusy(true);
    setError(null);
    try {
      await onConfirm(text, dayCount);
    } catch (failure) {
      setError(describe(failure));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} title={title} role={danger ? 'alertdialog' : 'dialog'} describedBy={description ? descriptionId : undefined}>
      <form onSubmit={submit} noValidate>
        {description && (
          <div id={descriptionId} className="mb-3 text-sm text-ink-soft dark:text-neutral-300">
            {description}
          </div>
        )}
        {days && (
          <div className="mb-3">
            <label htmlFor={daysId} className={LABEL}>
              {days.label}
            </label>
            <input
              id={daysId}
              data-autofocus
              type="number"
              inputMode="numeric"
              min={1}
              max={days.max}
              value={dayText}
              onChange={(event) => setDayText(event.target.value)}
              className={`${INPUT} max-w-40`}
            />
          </div>
        )}
        <label htmlFor={fieldId} className={LABEL}>
          {fieldLabel}
          {optional ? ' (không bắt buộc)' : ''}
        </label>
        <textarea
          id={fieldId}
          data-autofocus={days ? undefined : true}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
          maxLength={REASON_MAX_LENGTH}
          rows={3}
          required={!optional}
          className={INPUT}
        />
        <p className="mt-1 text-right text-xs text-ink-soft dark:text-neutral-400">
          {reason.length}/{REASON_MAX_LENGTH}
        </p>
        {extra}
        <FormError message={error} />
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <button type="button" onClick={onClose} className={BUTTON.secondary}>
            Hủy
          </button>
          <button type="submit" disabled={busy} className={danger ? BUTTON.danger : BUTTON.primary}>
            {busy ? 'Đang thực hiện…' : confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
