import Link from 'next/link';
import Head from 'next/head';
import { pageTitle } from '@/lib/seo';

export default function ServerErrorPage() {
  return (
    <>
      <Head>
        <title>{pageTitle('Lỗi máy chủ')}</title>
        <meta name="robots" content="noindex, follow" />
      </Head>
      <div className="mx-auto max-w-lg py-16 text-center">
        <p className="text-6xl font-bold text-brand dark:text-brand-dark">500</p>
        <h1 className="mt-4 text-2xl font-bold">Máy chủ gặp sự cố</h1>
        <p className="mt-3 text-ink-soft dark:text-neutral-300">Xin lỗi, đã có lỗi xảy ra. Vui lòng tải lại trang sau ít phút.</p>
        <div className="mt-8 flex justify-center gap-3">
          <Link prefetch={false} href="/" className="rounded-lg bg-brand px-5 py-2.5 font-semibold text-white dark:bg-brand-dark dark:text-night">
            Về trang chủ
          </Link>
        </div>
      </div>
    </>
  );
}
