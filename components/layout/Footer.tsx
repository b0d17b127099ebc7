import { Bug, Play, Smartphone } from 'lucide-react';
import Link from 'next/link';
import { SITE_NAME } from '@/lib/constants';
import { publicEnv } from '@/lib/publicEnv';
import { INFO_PAGES } from '@/lib/routes';
import { StaticIsland } from '@/components/ui/StaticIsland';
import { Logo } from './Logo';

const BADGE =
  'inline-flex items-center gap-2 rounded-lg bg-ink px-3 py-2 text-white hover:bg-ink/85 dark:bg-neutral-100 dark:text-night dark:hover:bg-white';

/** The footer of spec §2: logo, two paragraphs, store badges, support link and the info pages. */
export function Footer() {
  return (
    <footer className="border-t border-ink/10 bg-paper-deep text-sm dark:border-night-line dark:bg-night-raised">
      <StaticIsland className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[2fr_1fr]">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-prose leading-relaxed text-ink-soft dark:text-neutral-300">
            {SITE_NAME} là nơi nghe truyện audio và đọc truyện chữ online dành cho người hâm mộ Việt Nam: tiên hiệp, kiếm hiệp, ngôn tình, đô thị, huyền huyễn… cập
            nhật chương mới mỗi ngày, nghe được cả khi tắt màn hình.
          </p>
          <p className="max-w-prose leading-relaxed text-ink-soft dark:text-neutral-300">
            Chúng tôi chỉ tổng hợp truyện từ nhiều nguồn trên Internet và không sở hữu bất kỳ truyện nào. Nếu truyện vi phạm bản quyền, vui lòng báo trên trang mạng
            xã hội của chúng tôi để được gỡ bỏ.
          </p>
          <div className="flex flex-wrap gap-2 pt-1">
            <a href={publicEnv.appStoreUrl} className={BADGE} target="_blank" rel="noopener noreferrer">
              <Smartphone size={20} aria-hidden />
              <span className="leading-tight">
                <span className="block text-[0.65rem] opacity-80">Tải ứng dụng trên</span>
                <span className="font-semibold">App Store</span>
              </span>
            </a>
            <a href={publicEnv.playStoreUrl} className={BADGE} target="_blank" rel="noopener noreferrer">
              <Play size={20} aria-hidden />
              <span className="leading-tight">
                <span className="block text-[0.65rem] opacity-80">Tải ứng dụng trên</span>
                <span className="font-semibold">Google Play</span>
              </span>
            </a>
          </div>
        </div>
        <nav aria-label="Thông tin" className="space-y-2">
          <h2 className="font-bold">Thông tin</h2>
          <ul className="space-y-1.5">
            {INFO_PAGES.map((page) => (
              <li key={page.href}>
                <Link prefetch={false} href={page.href} className="text-ink-soft hover:text-brand hover:underline dark:text-neutral-300 dark:hover:text-brand-dark">
                  {page.label}
                </Link>
              </li>
            ))}
            <li>
              <a
                href={publicEnv.fanpageUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1.5 text-ink-soft hover:text-brand hover:underline dark:text-neutral-300 dark:hover:text-brand-dark"
              >
                <Bug size={15} aria-hidden />
                Báo lỗi & hỗ trợ
              </a>
            </li>
          </ul>
        </nav>
      </StaticIsland>
      <p className="border-t border-ink/10 py-4 text-center text-xs text-ink-soft dark:border-night-line dark:text-neutral-400">
        © {new Date().getFullYear()} {SITE_NAME}
      </p>
    </footer>
  );
}
