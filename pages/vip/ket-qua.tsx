import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { useRouter } from 'next/router';
import { useEffect, useRef } from 'react';
import { PaymentResult, type PaymentReport } from '@/components/vip/PaymentResult';
import { useAuth } from '@/hooks/useAuth';
import { getProfile } from '@/lib/api/user';
import { SITE_NAME } from '@/lib/constants';
import { db } from '@/server/db/client';
import type { SiteSettings } from '@/lib/types';
import { pageSettings } from '@/server/services/pageSettings';
import { handleReturn } from '@/server/services/vip';
import { ZPaymentQuery } from '@/server/services/vipInputs';

/** A pending order is looked at again this often, this many times (the IPN may come a little later). */
const RECHECK_MS = 3_000;
const RECHECK_TIMES = 10;

const INVALID: PaymentReport = { valid: false, ref: '', status: 'unknown', planName: null, amount: null, message: 'Không có thông tin giao dịch.' };

/** The reader's return from the payment page: reports the order as the IPN left it; grants nothing. */
export const getServerSideProps: GetServerSideProps<{ report: PaymentReport; settings: SiteSettings }> = async ({ query, res }) => {
  res.setHeader('Cache-Control', 'private, no-store');
  const parsed = ZPaymentQuery.safeParse(query);
  if (!parsed.success || !parsed.data.vnp_TxnRef) return { props: { report: INVALID, settings: await pageSettings() } };
  return { props: { report: await handleReturn(db(), parsed.data), settings: await pageSettings() } };
};

export default function PaymentReturnPage({ report }: { report: PaymentReport }) {
  const router = useRouter();
  const { status, setProfile } = useAuth();
  const rechecks = useRef(0);

  // The profile was loaded before the IPN landed; fetch it again so the header and ads follow.
  useEffect(() => {
    if (report.status !== 'paid' || status !== 'signedIn') return;
    void getProfile().then((profile) => profile && setProfile(profile));
  }, [report.status, status, setProfile]);

  useEffect(() => {
    if (report.status !== 'pending' || !report.valid || rechecks.current >= RECHECK_TIMES) return;
    const timer = setTimeout(() => {
      rechecks.current += 1;
      void router.replace(router.asPath, undefined, { scroll: false });
    }, RECHECK_MS);
    return () => clearTimeout(timer);
  }, [report, router]);

  return (
    <>
      <Head>
        <title>{`Kết quả thanh toán | ${SITE_NAME}`}</title>
        <meta name="robots" content="noindex, nofollow" />
      </Head>
      <div className="mx-auto max-w-lg">
        <PaymentResult report={report} />
      </div>
    </>
  );
}
