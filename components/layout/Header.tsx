import { Menu, Search } from 'lucide-react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useEffect, useRef, useState } from 'react';
import { HeaderAccount } from '@/components/auth/HeaderAccount';
import { NotificationBell } from '@/components/notifications/NotificationBell';
import { VipLink } from '@/components/auth/VipLink';
import { SearchBox } from '@/components/search/SearchBox';
import { HEADER_GENRE_COUNT } from '@/lib/constants';
import { EMBEDDING_URL } from '@/lib/routes';
import type { Genre } from '@/lib/types';
import { StaticIsland } from '@/components/ui/StaticIsland';
import { DemoBadge } from './DemoBadge';
import { Logo } from './Logo';
import { NavDropdown } from './NavDropdown';
import { ChapterLinks, GenreLinks, RankingLinks } from './NavLists';

// Phone-only pieces load when first opened, keeping them out of the first-load bundle.
const MobileDrawer = dynamic(() => import('./MobileDrawer'), { ssr: false });
const SearchModal = dynamic(() => import('@/components/search/SearchModal'), { ssr: false });

type MenuKey = 'genres' | 'rankings' | 'chapters';

const ICON_BUTTON = 'grid h-10 w-10 place-items-center rounded-full hover:bg-ink/5 dark:hover:bg-white/10';
const NAV_LINK = 'flex h-9 items-center whitespace-nowrap rounded-full px-3 text-sm font-semibold hover:bg-ink/5 dark:hover:bg-white/10';

/** The header of every page (spec §2): menus and search on wide screens, a drawer and a search modal on phones. */
export function Header({ genres }: { genres: Genre[] | undefined }) {
  const router = useRouter();
  // Which menu is open, and whether a mouse hover opened it: the click that follows a hover must
  // not close the menu again.
  const [menuState, setMenuState] = useState<{ open: MenuKey | null; byHover: boolean }>({ open: null, byHover: false });
  const menu = menuState.open;
  const [drawer, setDrawer] = useState(false);
  const [search, setSearch] = useState(false);
  const header = useRef<HTMLElement>(null);

  useEffect(() => {
    const closeAll = () => {
      setMenuState({ open: null, byHover: false });
      setDrawer(false);
    };
    router.events.on('routeChangeStart', closeAll);
    return () => router.events.off('routeChangeStart', closeAll);
  }, [router.events]);

  useEffect(() => {
    if (!menu) return;
    const onPointer = (event: PointerEvent) => header.current?.contains(event.target as Node) || setMenuState({ open: null, byHover: false });
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const trigger = header.current?.querySelector<HTMLElement>('[data-menu-trigger][aria-expanded="true"]');
      setMenuState({ open: null, byHover: false });
      trigger?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [menu]);

  const dropdown = (key: MenuKey) => ({
    open: menu === key,
    onOpen: () => setMenuState((state) => (state.open === key ? state : { open: key, byHover: true })),
    onToggle: () => setMenuState((state) => ({ open: state.open === key && !state.byHover ? null : key, byHover: false })),
  });
  const close = () => setMenuState({ open: null, byHover: false });

  return (
    <header
      ref={header}
      onPointerLeave={(event) => event.pointerType === 'mouse' && close()}
      className="sticky top-0 z-40 border-b border-ink/10 bg-paper-deep/95 backdrop-blur dark:border-night-line dark:bg-night-raised/95"
    >
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-1 px-3 sm:px-4">
        <Logo className="mr-1" />
        <DemoBadge />
        <nav aria-label="Danh mục" className="hidden items-center gap-0.5 min-[1140px]:flex">
          <NavDropdown label="Thể loại" {...dropdown('genres')} panelClassName="w-[36rem]">
            {/* The menus' links are kept as the server sent them on a first load; navigating closes the menus. */}
            <StaticIsland contentKey={genres ? genres.map((genre) => genre._id).join() : 'loading'}>
              <GenreLinks genres={genres?.slice(0, HEADER_GENRE_COUNT)} onNavigate={close} className="grid grid-cols-3 gap-0.5" />
            </StaticIsland>
          </NavDropdown>
          <NavDropdown label="Bảng xếp hạng" {...dropdown('rankings')} panelClassName="w-60">
            <StaticIsland>
              <RankingLinks onNavigate={close} />
            </StaticIsland>
          </NavDropdown>
          <NavDropdown label="Số chương" {...dropdown('chapters')} panelClassName="w-52">
            <StaticIsland>
              <ChapterLinks onNavigate={close} />
            </StaticIsland>
          </NavDropdown>
          <Link prefetch={false} href={EMBEDDING_URL} className={NAV_LINK} onPointerEnter={close}>
            Nhúng
          </Link>
        </nav>
        <div className="ml-auto hidden items-center gap-2 min-[1140px]:flex" onPointerEnter={close}>
          <SearchBox />
          <VipLink className="whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-bold text-amber-800 hover:bg-amber-100 dark:text-amber-300 dark:hover:bg-amber-400/10" />
          <NotificationBell />
          <HeaderAccount />
        </div>
        <div className="ml-auto flex items-center min-[1140px]:hidden">
          <NotificationBell />
          <button type="button" className={ICON_BUTTON} aria-label="Tìm kiếm" onClick={() => setSearch(true)} data-testid="open-search">
            <Search size={22} aria-hidden />
          </button>
          <button type="button" className={ICON_BUTTON} aria-label="Mở menu" aria-expanded={drawer} onClick={() => setDrawer(true)} data-testid="open-drawer">
            <Menu size={24} aria-hidden />
          </button>
        </div>
      </div>
      {drawer && <MobileDrawer open={drawer} onClose={() => setDrawer(false)} genres={genres} />}
      {search && <SearchModal open={search} onClose={() => setSearch(false)} />}
    </header>
  );
}
