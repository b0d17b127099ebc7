import { UserX } from 'lucide-react';
import Head from 'next/head';
import Link from 'next/link';
import { SITE_NAME } from '@/lib/constants';
import { settingsOnlyProps } from '@/server/services/pageSettings';

/** Static, with the header's genre menu from the settings (regenerated hourly). */
export const getStaticProps = settingsOnlyProps;

/** /user/not-found */
export default function UserNotFound() {
  return (
    <>
      <Head>
        <title>{`Không tìm thấy người dùng - ${SITE_NAME}`}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
        <UserX size={56} aria-hidden className="mb-4 text-ink-soft dark:text-neutral-400" />
        <h1 className="mb-2 text-2xl font-bold">Không tìm thấy người dùng</h1>
        <p className="mb-6 text-ink-soft dark:text-neutral-400">Tài khoản bạn tìm không tồn tại hoặc đã bị xóa.</p>
        <Link prefetch={false} href="/" className="rounded-full bg-brand px-5 py-2 font-semibold text-white dark:bg-brand-dark dark:text-night">
          Về trang chủ
        </Link>
      </div>
    </>
  );
}
