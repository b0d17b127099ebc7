import Link from 'next/link';
import Head from 'next/head';
import { rankingUrl, searchUrl } from '@/lib/routes';
import { pageTitle } from '@/lib/seo';
import { settingsOnlyProps } from '@/server/services/pageSettings';

/** Static, with the header's genre menu from the settings (regenerated hourly). */
export const getStaticProps = settingsOnlyProps;

export default function NotFoundPage() {
  return (
    <>
      <Head>
        <title>{pageTitle('Không tìm thấy trang')}</title>
        <meta name="robots" content="noindex, follow" />
      </Head>
      <div className="mx-auto max-w-lg py-16 text-center">
        <p className="text-6xl font-bold text-brand dark:text-brand-dark">404</p>
        <h1 className="mt-4 text-2xl font-bold">Không tìm thấy trang</h1>
        <p className="mt-3 text-ink-soft dark:text-neutral-300">Trang bạn tìm không tồn tại, đã bị gỡ hoặc đường dẫn bị gõ nhầm.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link prefetch={false} href="/" className="rounded-lg bg-brand px-5 py-2.5 font-semibold text-white dark:bg-brand-dark dark:text-night">
            Về trang chủ
          </Link>
          <Link prefetch={false} href={searchUrl()} className="rounded-lg border border-ink/20 px-5 py-2.5 font-semibold dark:border-night-line">
            Danh sách truyện
          </Link>
          <Link prefetch={false} href={rankingUrl()} className="rounded-lg border border-ink/20 px-5 py-2.5 font-semibold dark:border-night-line">
            Bảng xếp hạng
          </Link>
        </div>
      </div>
    </>
  );
}
