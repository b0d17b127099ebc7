import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import type { ReactNode } from 'react';
import { AuthOverlays } from '@/components/auth/AuthOverlays';
import { DefaultSeo } from '@/components/seo/DefaultSeo';
import { useFirstVisit } from '@/hooks/useFirstVisit';
import { useProgressBar } from '@/hooks/useProgressBar';
import { useSiteFonts } from '@/hooks/useSiteFonts';
import { useSiteSettings } from '@/hooks/useSiteSettings';
import type { SiteSettings } from '@/lib/types';
import { AdScripts, InlineAd, useHideAds } from './Ads';
import { Footer } from './Footer';
import { Header } from './Header';
import { ThemeToggle } from './ThemeToggle';
import { WelcomeDialog } from './WelcomeDialog';

// The service worker, its update prompt and the VIP rule of kept chapters, after the first paint.
const OfflineSupport = dynamic(() => import('@/components/offline/OfflineSupport').then((module) => module.OfflineSupport), { ssr: false });

/** Per-page layout options: set `Page.layout = {…}` on a page component. */
export interface PageLayout {
  /** Main area without the centred max-width container (reading pages). */
  fullWidth?: boolean;
  /** Lift the theme toggle above a bottom bar; on by default on story and chapter pages. */
  raiseThemeToggle?: boolean;
  /** Hide ads on this page. */
  hideAds?: boolean;
  /**
   * A page that brings its own frame and metadata (the operator console): no site header, footer,
   * ads, welcome dialog, offline support or site-wide metadata (whose re-renders would put the
   * site's robots and title back over the page's); the sign-in dialog and notices stay.
   */
  bare?: boolean;
}

interface LayoutProps {
  children: ReactNode;
  options?: PageLayout;
  /** Site settings loaded by the page on the server (optional `settings` page prop). */
  settings?: SiteSettings;
}

const STORY_ROUTES = ['/[storyslug]', '/[storyslug]/[chapter]'];

/**
 * The shell of every page: header, main, footer, theme toggle, welcome dialog, the sign-in dialog
 * and account notices, ads, progress bar.
 */
export function Layout({ children, options = {}, settings }: LayoutProps) {
  const router = useRouter();
  useProgressBar();
  useSiteFonts();
  const site = useSiteSettings(settings);
  const [welcome, closeWelcome] = useFirstVisit(router.asPath);
  const hideAds = useHideAds(router.asPath) || Boolean(options.hideAds);
  const raised = options.raiseThemeToggle ?? STORY_ROUTES.includes(router.pathname);
  if (options.bare)
    return (
      <>
        {children}
        <AuthOverlays />
      </>
    );
  return (
    <div className="flex min-h-screen flex-col">
      <DefaultSeo />
      <a href="#main" className="sr-only z-50 rounded bg-brand px-3 py-2 text-white focus:not-sr-only focus:fixed focus:left-2 focus:top-2">
        Bỏ qua đến nội dung chính
      </a>
      <Header genres={site?.cats} />
      <main id="main" className={options.fullWidth ? 'w-full flex-1' : 'mx-auto w-full max-w-6xl flex-1 px-4 py-6'}>
        {children}
      </main>
      <InlineAd hidden={hideAds} />
      <Footer />
      <ThemeToggle raised={raised} />
      {welcome !== 'closed' && <WelcomeDialog state={welcome} onClose={closeWelcome} />}
      <AuthOverlays />
      <OfflineSupport />
      <AdScripts hidden={hideAds} />
    </div>
  );
}
