import { WifiOff } from 'lucide-react';
import Head from 'next/head';
import { KeptList } from '@/components/offline/KeptList';
import { pageTitle } from '@/lib/seo';
import { settingsOnlyProps } from '@/server/services/pageSettings';

/** Static: the service worker keeps it and shows it for a page that is not kept while offline. */
export const getStaticProps = settingsOnlyProps;

/** /~offline — "Bạn đang ngoại tuyến", with links to the chapters kept on this device. */
export default function OfflinePage() {
  return (
    <>
      <Head>
        <title>{pageTitle('Bạn đang ngoại tuyến')}</title>
        <meta name="robots" content="noindex, nofollow" />
      </Head>
      <div className="mx-auto max-w-2xl py-8" data-testid="offline-page">
        <div className="text-center">
          <WifiOff aria-hidden className="mx-auto size-12 text-brand dark:text-brand-dark" />
          <h1 className="mt-4 text-2xl font-bold">Bạn đang ngoại tuyến</h1>
          <p className="mt-3 text-ink-soft dark:text-neutral-300">
            Trang này chưa được tải về máy nên không mở được khi không có mạng. Bạn vẫn đọc và nghe được các chương đã tải dưới đây.
          </p>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="mt-5 rounded-lg bg-brand px-5 py-2.5 font-semibold text-white dark:bg-brand-dark dark:text-night"
          >
            Thử lại
          </button>
        </div>
        <h2 className="mt-10 mb-3 text-lg font-bold">Truyện đã tải</h2>
        <KeptList removable={false} />
      </div>
    </>
  );
}
