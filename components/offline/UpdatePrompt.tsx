import { RefreshCw, X } from 'lucide-react';
import { useServiceWorker } from '@/hooks/useServiceWorker';
import { currentPlayer } from '@/lib/player/registry';

/**
 * "Có phiên bản mới": a new version of the site is ready. It takes over only when the reader
 * says so; a chapter being listened to goes on after the reload from the paragraph it reached.
 */
export function UpdatePrompt() {
  const { takeOver, dismiss } = useServiceWorker();
  if (!takeOver) return null;

  const reload = () => {
    const status = currentPlayer()?.getState().status;
    if (status === 'playing' || status === 'loading') {
      const url = new URL(window.location.href);
      url.searchParams.set('nghe', '1');
      window.history.replaceState(window.history.state, '', url);
    }
    takeOver();
  };

  return (
    <div
      role="status"
      data-testid="update-prompt"
      className="fixed inset-x-3 bottom-20 z-[10001] mx-auto flex max-w-md items-center gap-3 rounded-lg border border-ink/20 bg-paper px-4 py-3 text-sm shadow-lg sm:bottom-4 dark:border-night-line dark:bg-night-raised dark:text-neutral-100"
    >
      <p className="flex-1 font-semibold">Có phiên bản mới</p>
      <button
        type="button"
        onClick={reload}
        className="inline-flex min-h-9 items-center gap-1 rounded-full bg-brand px-3 py-1 font-semibold text-white dark:bg-brand-dark dark:text-night"
      >
        <RefreshCw size={14} aria-hidden /> Tải lại
      </button>
      <button type="button" onClick={dismiss} aria-label="Để sau" className="rounded p-1 opacity-70 hover:opacity-100">
        <X size={16} aria-hidden />
      </button>
    </div>
  );
}
