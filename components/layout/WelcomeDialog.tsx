import { ExternalLink } from 'lucide-react';
import { Dialog } from '@/components/ui/Dialog';
import type { WelcomeState } from '@/hooks/useFirstVisit';
import { SITE_NAME } from '@/lib/constants';
import { publicEnv } from '@/lib/publicEnv';

/**
 * The first-visit welcome (spec §2): title, two paragraphs, Đã hiểu and the Fanpage link. It is in
 * every page's server HTML, hidden by CSS unless the first-paint script marked a first visit
 * (styles/globals.css, `.welcome-dialog`), so a new reader sees it in the first paint; Đã hiểu
 * closes it even before the scripts have run.
 */
/** Marks the end of the dialog's server HTML (styles/globals.css). */
const WELCOME_END_CLASS = 'welcome-end';

export function WelcomeDialog({ state, onClose }: { state: WelcomeState; onClose: () => void }) {
  return (
    <Dialog
      open={state === 'open'}
      openBeforeHydration={state === 'pending'}
      onClose={onClose}
      title={SITE_NAME}
      className="welcome-dialog max-w-lg"
      closeLabel="Đóng lời chào"
    >
      <div className="space-y-3 leading-relaxed" data-testid="welcome-dialog">
        <p>
          Chào mừng bạn đến với {SITE_NAME}! Tại đây bạn có thể nghe truyện audio và đọc truyện chữ miễn phí: tìm theo thể loại, bảng xếp hạng hoặc số chương, và
          nghe tiếp đúng chỗ đã dừng trên mọi thiết bị.
        </p>
        <p>
          {SITE_NAME} chỉ tổng hợp truyện từ nhiều nguồn trên Internet và không sở hữu truyện nào. Nếu bạn là chủ sở hữu bản quyền, hãy báo cho chúng tôi qua
          Fanpage để truyện được gỡ bỏ.
        </p>
      </div>
      <div className="mt-5 flex flex-wrap items-center justify-end gap-3">
        <a
          href={publicEnv.fanpageUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 font-semibold text-brand hover:underline dark:text-brand-dark"
        >
          Fanpage
          <ExternalLink size={16} aria-hidden />
          <span className="sr-only">(mở trong thẻ mới)</span>
        </a>
        <form method="dialog">
          <button
            type="submit"
            onClick={(event) => {
              // Hydrated, React closes it; the form closes it only before the scripts have run.
              event.preventDefault();
              onClose();
            }}
            className="rounded-lg bg-brand px-5 py-2 font-semibold text-white hover:bg-brand/90 dark:bg-brand-dark dark:text-night">
            Đã hiểu
          </button>
        </form>
      </div>
      {/* The dialog's last element: before the scripts run, CSS shows the dialog only once it is here. */}
      <span className={WELCOME_END_CLASS} hidden />
    </Dialog>
  );
}
