import { BellRing, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { SettingsSection, Toggle } from '@/components/user/settingsControls';
import { usePushSettings } from './usePushSettings';

const pad = (value: number) => String(value).padStart(2, '0');
const toClock = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
const fromClock = (clock: string) => {
  const [hours, minutes] = clock.split(':').map(Number);
  return Number.isInteger(hours) && Number.isInteger(minutes) ? hours * 60 + minutes : null;
};

const BUTTON = 'inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-brand px-3 text-sm font-semibold text-brand hover:bg-brand/10 disabled:opacity-60 dark:border-brand-dark dark:text-brand-dark';
const FIELD = 'min-h-11 rounded-lg border border-ink/20 bg-white px-2 dark:border-night-line dark:bg-night';

function QuietHours({ start, end, busy, onSave }: { start: number; end: number; busy: boolean; onSave: (start: number, end: number) => void }) {
  const [from, setFrom] = useState(toClock(start));
  const [to, setTo] = useState(toClock(end));
  const parsed = [fromClock(from), fromClock(to)];
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold">Giờ yên lặng (giờ Việt Nam)</legend>
      <p className="text-sm text-ink-soft dark:text-neutral-400">Trong khung giờ này chương mới chỉ hiện trong trang Thông báo, không gửi tới thiết bị. Chọn giờ bắt đầu bằng giờ kết thúc để tắt.</p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="quiet-start" className="text-sm">Từ</label>
        <input id="quiet-start" type="time" value={from} onChange={(event) => setFrom(event.target.value)} className={FIELD} />
        <label htmlFor="quiet-end" className="text-sm">đến</label>
        <input id="quiet-end" type="time" value={to} onChange={(event) => setTo(event.target.value)} className={FIELD} />
        <button type="button" className={BUTTON} disabled={busy || parsed.includes(null)} onClick={() => onSave(parsed[0]!, parsed[1]!)}>
          Lưu giờ yên lặng
        </button>
      </div>
    </fieldset>
  );
}

/** Settings → "Thông báo chương mới": push on this device, devices, test, quiet hours. */
export function PushSettings() {
  const push = usePushSettings();
  const { settings } = push;

  return (
    <SettingsSection title="Thông báo chương mới">
      {!settings ? (
        push.loadError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">{push.loadError}</p>
        ) : (
          <p role="status" className="text-sm text-ink-soft dark:text-neutral-400">Đang tải cài đặt thông báo…</p>
        )
      ) : !settings.publicKey ? (
        <p className="text-sm text-ink-soft dark:text-neutral-400">Máy chủ chưa bật thông báo đẩy. Chương mới vẫn hiện trong trang Thông báo.</p>
      ) : (
        <>
          <Toggle
            id="push-enabled"
            label="Gửi thông báo đẩy khi truyện bạn chọn có chương mới"
            checked={settings.pushEnabled}
            onChange={(pushEnabled) => void push.update({ pushEnabled }, pushEnabled ? 'Đã bật thông báo đẩy.' : 'Đã tắt thông báo đẩy.')}
          />
          <p className="text-sm text-ink-soft dark:text-neutral-400">Chọn truyện bằng nút “Báo chương mới” trên trang truyện.</p>
          {push.support === 'unsupported' ? (
            <p className="text-sm text-ink-soft dark:text-neutral-400">Trình duyệt này không hỗ trợ thông báo đẩy.</p>
          ) : push.support === 'denied' ? (
            <p className="text-sm text-red-700 dark:text-red-300">Trình duyệt đang chặn thông báo của trang. Hãy cho phép trong cài đặt trình duyệt.</p>
          ) : (
            !push.thisEndpoint && (
              <button type="button" className={BUTTON} disabled={push.busy} onClick={() => void push.enableHere()}>
                <BellRing size={16} aria-hidden /> Nhận thông báo trên thiết bị này
              </button>
            )
          )}
          <div>
            <h3 className="mb-1 text-sm font-semibold">Thiết bị nhận thông báo ({settings.devices.length}/{settings.maxDevices})</h3>
            {settings.devices.length === 0 ? (
              <p className="text-sm text-ink-soft dark:text-neutral-400">Chưa có thiết bị nào.</p>
            ) : (
              <ul className="space-y-1">
                {settings.devices.map((device) => (
                  <li key={device.endpoint} className="flex items-center justify-between gap-2 text-sm">
                    <span className="min-w-0 truncate">
                      {device.label || 'Thiết bị'}
                      {device.endpoint === push.thisEndpoint && <span className="text-ink-soft dark:text-neutral-400"> (thiết bị này)</span>}
                    </span>
                    <button
                      type="button"
                      disabled={push.busy}
                      onClick={() => void push.removeDevice(device.endpoint)}
                      aria-label={`Tắt thông báo trên ${device.label || 'thiết bị'}`}
                      className="grid min-h-11 min-w-11 place-items-center rounded-lg hover:bg-ink/5 disabled:opacity-60 dark:hover:bg-white/10"
                    >
                      <Trash2 size={16} aria-hidden />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {settings.devices.length > 0 && (
            <button type="button" className={BUTTON} disabled={push.busy} onClick={() => void push.sendTest()}>
              <Send size={16} aria-hidden /> Gửi thông báo thử
            </button>
          )}
          <QuietHours key={`${settings.quietStart}-${settings.quietEnd}`} start={settings.quietStart} end={settings.quietEnd} busy={push.busy} onSave={(quietStart, quietEnd) => void push.update({ quietStart, quietEnd }, 'Đã lưu giờ yên lặng.')} />
        </>
      )}
      <p role="status" aria-live="polite" className={`text-sm ${push.message?.tone === 'error' ? 'text-red-700 dark:text-red-300' : 'text-green-800 dark:text-green-300'}`}>
        {push.message?.text}
      </p>
    </SettingsSection>
  );
}
