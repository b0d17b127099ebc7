import { X } from 'lucide-react';
import { useEffect } from 'react';
import type { NoticeMessage } from '@/lib/auth/types';

const TONES = {
  success: 'border-green-700 bg-green-50 text-green-900 dark:border-green-500 dark:bg-green-950 dark:text-green-100',
  error: 'border-red-700 bg-red-50 text-red-900 dark:border-red-500 dark:bg-red-950 dark:text-red-100',
  info: 'border-ink/20 bg-paper text-ink dark:border-night-line dark:bg-night-raised dark:text-neutral-100',
} as const;

const VISIBLE_MS = 8_000;

/** A short message at the bottom of the screen; it closes by itself or by its button. */
export function Notice({ message, onClose }: { message: NoticeMessage; onClose: () => void }) {
  useEffect(() => {
    const timer = window.setTimeout(onClose, VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [message, onClose]);
  return (
    <div
      role={message.tone === 'error' ? 'alert' : 'status'}
      className={`fixed inset-x-3 bottom-4 z-[10001] mx-auto flex max-w-md items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${TONES[message.tone]}`}
    >
      <p className="flex-1">{message.text}</p>
      <button type="button" onClick={onClose} aria-label="Đóng thông báo" className="rounded p-0.5 opacity-70 hover:opacity-100">
        <X size={16} aria-hidden />
      </button>
    </div>
  );
}
