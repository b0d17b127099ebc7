import { useTheme } from 'next-themes';
import { useState } from 'react';
import { useReaderSettings } from '@/hooks/useReaderSettings';
import { loadPrefs, savePrefs, type PlayerPrefs } from '@/lib/player/storage';
import { PITCH, RATE } from '@/lib/player/types';
import { FONT_SIZE, LINE_HEIGHT, READER_BACKGROUNDS, READER_WIDTHS, type ReaderBackground, type ReaderFont, type ReaderWidth } from '@/lib/readerSettings';
import { PushSettings } from '@/components/notifications/PushSettings';
import { Choice, Range, SettingsSection, Toggle } from './settingsControls';

const BACKGROUND_NAMES: Record<ReaderBackground, string> = { auto: 'Theo giao diện', paper: 'Giấy', sepia: 'Nâu nhạt', dark: 'Tối', night: 'Đêm' };
const WIDTH_NAMES: Record<ReaderWidth, string> = { narrow: 'Hẹp', medium: 'Vừa', wide: 'Rộng' };
const FONT_NAMES: Record<ReaderFont, string> = { serif: 'Có chân (Literata)', sans: 'Không chân' };

function usePlayerPrefs() {
  // Rendered only in the browser (the tab needs a signed-in reader), so storage can be read at once.
  const [prefs, setPrefs] = useState<PlayerPrefs>(() => loadPrefs(window.localStorage));
  const update = (change: Partial<PlayerPrefs>) =>
    setPrefs((current) => {
      const next = { ...current, ...change };
      savePrefs(window.localStorage, next);
      return next;
    });
  return { prefs, update };
}

/** /user?tab=settings: theme, reader and player defaults (kept in this browser), and new-chapter notifications. */
export function SettingsTab() {
  const { theme, setTheme } = useTheme();
  const reader = useReaderSettings();
  const player = usePlayerPrefs();
  const { settings } = reader;

  return (
    <div className="space-y-4">
      <SettingsSection title="Giao diện">
        <Choice
          name="theme"
          label="Chế độ màu"
          value={theme ?? 'light'}
          options={[
            { value: 'light', label: 'Sáng' },
            { value: 'dark', label: 'Tối' },
          ]}
          onChange={setTheme}
        />
      </SettingsSection>
      <SettingsSection title="Trình đọc truyện">
        <Choice name="reader-font" label="Phông chữ" value={settings.font} options={(['serif', 'sans'] as const).map((v) => ({ value: v, label: FONT_NAMES[v] }))} onChange={(font) => reader.update({ font: font as ReaderFont })} />
        <Range id="reader-size" label="Cỡ chữ" value={settings.size} range={FONT_SIZE} format={(v) => `${v}px`} onChange={(size) => reader.update({ size })} />
        <Range id="reader-line" label="Giãn dòng" value={settings.lineHeight} range={LINE_HEIGHT} format={(v) => v.toFixed(1)} onChange={(lineHeight) => reader.update({ lineHeight })} />
        <Choice name="reader-background" label="Màu nền" value={settings.background} options={READER_BACKGROUNDS.map((v) => ({ value: v, label: BACKGROUND_NAMES[v] }))} onChange={(background) => reader.update({ background: background as ReaderBackground })} />
        <Choice name="reader-width" label="Độ rộng trang" value={settings.width} options={READER_WIDTHS.map((v) => ({ value: v, label: WIDTH_NAMES[v] }))} onChange={(width) => reader.update({ width: width as ReaderWidth })} />
        <p className="rounded-lg bg-paper-deep p-3 dark:bg-night" style={{ fontSize: settings.size, lineHeight: settings.lineHeight, fontFamily: settings.font === 'serif' ? 'var(--site-font-serif)' : undefined }}>
          Trăng lên đầu núi, gió thổi qua rừng trúc xào xạc.
        </p>
      </SettingsSection>
      <SettingsSection title="Trình phát (nghe truyện)">
        {(
          <>
            <Range id="player-rate" label="Tốc độ đọc" value={player.prefs.rate} range={RATE} format={(v) => `${v.toFixed(1)}×`} onChange={(rate) => player.update({ rate })} />
            <Range id="player-pitch" label="Cao độ giọng" value={player.prefs.pitch} range={PITCH} format={(v) => v.toFixed(1)} onChange={(pitch) => player.update({ pitch })} />
            <Toggle id="player-auto-next" label="Tự động chuyển chương" checked={player.prefs.autoNext} onChange={(autoNext) => player.update({ autoNext })} />
            <Toggle id="player-server" label="Ưu tiên âm thanh từ máy chủ (khi trình duyệt không có giọng tiếng Việt tốt)" checked={player.prefs.preferServer} onChange={(preferServer) => player.update({ preferServer })} />
          </>
        )}
      </SettingsSection>
      <p className="text-sm text-ink-soft dark:text-neutral-400">Cài đặt được lưu trên trình duyệt này.</p>
      <PushSettings />
    </div>
  );
}
