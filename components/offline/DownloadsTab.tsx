import { KeptList } from './KeptList';

/** /user?tab=downloads: the chapters kept on this device (no account needed: they are this device's). */
export function DownloadsTab() {
  return (
    <div className="space-y-4">
      <p className="text-sm text-ink-soft dark:text-neutral-400">
        Các chương dưới đây được lưu trong trình duyệt trên máy này: mở được, đọc và nghe được cả khi không có mạng.
      </p>
      <KeptList />
    </div>
  );
}
