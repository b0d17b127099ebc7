import dynamic from 'next/dynamic';
import Head from 'next/head';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { SignInPrompt } from '@/components/user/SignInPrompt';
import { PROFILE_TABS, profileHref, profileTab } from '@/components/user/menu';
import { useAuth } from '@/hooks/useAuth';
import { SITE_NAME } from '@/lib/constants';
import { settingsOnlyProps } from '@/server/services/pageSettings';

/** Static, with the header's genre menu from the settings (regenerated hourly). */
export const getStaticProps = settingsOnlyProps;

// Each tab (and the API client it uses) loads once the session is known and the tab is shown.
const tabLoading = () => (
  <p role="status" className="text-ink-soft dark:text-neutral-400">
    Đang tải…
  </p>
);
const AccountTab = dynamic(() => import('@/components/user/AccountTab').then((m) => m.AccountTab), { ssr: false, loading: tabLoading });
const FavoritesTab = dynamic(() => import('@/components/user/FavoritesTab').then((m) => m.FavoritesTab), { ssr: false, loading: tabLoading });
const DownloadsTab = dynamic(() => import('@/components/offline/DownloadsTab').then((m) => m.DownloadsTab), { ssr: false, loading: tabLoading });
const NotificationsTab = dynamic(() => import('@/components/notifications/NotificationsTab').then((m) => m.NotificationsTab), { ssr: false, loading: tabLoading });
const SettingsTab = dynamic(() => import('@/components/user/SettingsTab').then((m) => m.SettingsTab), { ssr: false, loading: tabLoading });

/**
 * /user?tab=account|favorites|notifications|settings|downloads: the reader's profile, story
 * cabinet, new-chapter notifications and settings, and the chapters kept on this device (shown
 * signed out and offline too).
 */
export default function UserPage() {
  const router = useRouter();
  const tab = profileTab(router.query.tab);
  const { status, user } = useAuth();
  const label = PROFILE_TABS.find((item) => item.key === tab)!.label;

  return (
    <>
      <Head>
        <title>{`${label} - ${SITE_NAME}`}</title>
        <meta name="robots" content="noindex, nofollow" />
      </Head>
      <div className="mx-auto max-w-4xl md:flex md:gap-8">
        <nav aria-label="Trang cá nhân" className="mb-5 md:mb-0 md:w-48 md:shrink-0">
          <ul className="flex gap-1 overflow-x-auto rounded-xl bg-paper-deep p-1 md:flex-col dark:bg-night-raised">
            {PROFILE_TABS.map((item) => (
              <li key={item.key} className="flex-1 md:flex-none">
                <Link prefetch={false}
                  href={profileHref(item.key)}
                  shallow
                  aria-current={item.key === tab ? 'page' : undefined}
                  className={`block whitespace-nowrap rounded-lg px-3 py-2 text-center sm:px-4 text-sm font-semibold md:text-left ${
                    item.key === tab ? 'bg-white text-brand shadow-sm dark:bg-night dark:text-brand-dark' : 'text-ink-soft hover:text-ink dark:text-neutral-400 dark:hover:text-neutral-100'
                  }`}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {/* A screen tall while the tab loads, so what loads in does not push the footer around in view. */}
        <section className="min-h-dvh min-w-0 flex-1" aria-labelledby="user-tab-title">
          <h1 id="user-tab-title" className="mb-4 text-2xl font-bold">
            {label}
          </h1>
          {tab === 'downloads' ? (
            <DownloadsTab />
          ) : status === 'unknown' || status === 'restoring' ? (
            <p role="status" className="text-ink-soft dark:text-neutral-400">
              Đang tải…
            </p>
          ) : !user ? (
            <SignInPrompt />
          ) : tab === 'account' ? (
            <AccountTab user={user} />
          ) : tab === 'favorites' ? (
            <FavoritesTab />
          ) : tab === 'notifications' ? (
            <NotificationsTab />
          ) : (
            <SettingsTab />
          )}
        </section>
      </div>
    </>
  );
}
