import { Globe, MegaphoneOff, Zap, type LucideIcon } from 'lucide-react';

const BENEFITS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: MegaphoneOff,
    title: 'Không quảng cáo',
    text: 'Mọi trang của Truyện Audio đều không còn quảng cáo khi bạn là thành viên VIP.',
  },
  {
    icon: Zap,
    title: 'Đọc và nghe trước chương VIP',
    text: 'Những chương mới nhất mà truyện đánh dấu VIP: đọc và nghe sớm, trước người khác.',
  },
  {
    icon: Globe,
    title: 'Chương VIP của truyện nhúng',
    text: 'Nội dung chương VIP của truyện nhúng được tải trực tiếp từ trang nguồn và chuyển sang tiếng Việt.',
  },
];

/** What membership gives, as the /vip page lists it. */
export function VipBenefits() {
  return (
    <section aria-labelledby="vip-benefits-title" className="mt-10">
      <h2 id="vip-benefits-title" className="text-xl font-semibold">
        Quyền lợi thành viên VIP
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {BENEFITS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl border border-ink/10 bg-white/60 p-4 dark:border-night-line dark:bg-night-raised">
            <Icon aria-hidden className="size-6 text-brand dark:text-brand-dark" />
            <h3 className="mt-2 font-semibold">{title}</h3>
            <p className="mt-1 text-sm text-ink-soft dark:text-neutral-400">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
