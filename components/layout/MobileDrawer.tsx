import { ChevronRight } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { DrawerAccount } from '@/components/auth/DrawerAccount';
import { VipLink } from '@/components/auth/VipLink';
import { Dialog } from '@/components/ui/Dialog';
import { DRAWER_GENRE_COUNT } from '@/lib/constants';
import { EMBEDDING_URL, searchUrl } from '@/lib/routes';
import type { Genre } from '@/lib/types';
import { ChapterLinks, GenreLinks, RankingLinks } from './NavLists';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-b border-ink/10 py-3 dark:border-night-line">
      <h3 className="mb-1 px-3 text-xs font-bold uppercase tracking-wide text-ink-soft dark:text-neutral-400">{title}</h3>
      {children}
    </section>
  );
}

const ROW = 'flex items-center justify-between rounded-md px-3 py-2.5 font-semibold hover:bg-ink/5 dark:hover:bg-white/5';

/** The right-hand drawer of narrow screens (spec §2). */
export default function MobileDrawer({ open, onClose, genres }: { open: boolean; onClose: () => void; genres: Genre[] | undefined }) {
  return (
    <Dialog open={open} onClose={onClose} title="Menu" placement="right" closeLabel="Đóng menu">
      <div data-testid="drawer" className="-mt-3">
        <div className="py-3">
          <DrawerAccount />
        </div>
        <Section title="Thể loại">
          <GenreLinks genres={genres?.slice(0, DRAWER_GENRE_COUNT)} onNavigate={onClose} className="grid grid-cols-2" />
          <Link prefetch={false} href={`${searchUrl()}#the-loai`} className={`${ROW} text-brand dark:text-brand-dark`} onClick={onClose}>
            Tất cả thể loại
            <ChevronRight size={18} aria-hidden />
          </Link>
        </Section>
        <Section title="Bảng xếp hạng">
          <RankingLinks onNavigate={onClose} className="grid grid-cols-2" />
        </Section>
        <Section title="Số chương">
          <ChapterLinks onNavigate={onClose} className="grid grid-cols-2" />
        </Section>
        <nav aria-label="Khác" className="py-3">
          <Link prefetch={false} href={EMBEDDING_URL} className={ROW} onClick={onClose}>
            Nhúng
            <ChevronRight size={18} aria-hidden />
          </Link>
          <VipLink className={`${ROW} text-amber-700 dark:text-amber-300`} />
        </nav>
      </div>
    </Dialog>
  );
}
