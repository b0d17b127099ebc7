import NProgress from 'nprogress';
import { useRouter } from 'next/router';
import { useEffect } from 'react';
import { PROGRESS_BAR } from '@/lib/constants';

NProgress.configure({ minimum: PROGRESS_BAR.minimum, showSpinner: PROGRESS_BAR.showSpinner });

/** The page-transition bar of spec §9: starts at 0.5, no spinner, skipped on shallow changes. */
export function useProgressBar(): void {
  const router = useRouter();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = (_url: string, { shallow }: { shallow: boolean }) => {
      if (shallow) return;
      clearTimeout(timer);
      NProgress.start();
    };
    const stop = () => {
      clearTimeout(timer);
      timer = setTimeout(() => NProgress.done(), PROGRESS_BAR.stopDelayMs);
    };
    router.events.on('routeChangeStart', start);
    router.events.on('routeChangeComplete', stop);
    router.events.on('routeChangeError', stop);
    return () => {
      clearTimeout(timer);
      router.events.off('routeChangeStart', start);
      router.events.off('routeChangeComplete', stop);
      router.events.off('routeChangeError', stop);
    };
  }, [router.events]);
}
