import Script from 'next/script';
import { createContext, useContext, useEffect, useRef } from 'react';
import { AD_BLOCK_POSITION } from '@/lib/constants';
import { publicEnv } from '@/lib/publicEnv';
import { isConsolePath, isVipPath } from '@/lib/routes';

/**
 * True where a provider knows the visitor should see no ads (e.g. an active VIP member): wrap the
 * app in <AdFreeContext.Provider value={isMember}> to extend the rule without touching the layout.
 */
export const AdFreeContext = createContext(false);

const AD_SCRIPT = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js';

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

/**
 * Spec §1: ads on every page except VIP paths (and the operator console), and only when an ad client is configured (with
 * none, nothing is rendered and no request leaves the browser).
 */
export function useHideAds(path: string): boolean {
  const adFree = useContext(AdFreeContext);
  return !publicEnv.adClient || adFree || isVipPath(path) || isConsolePath(path);
}

function AdUnit({ className, style }: { className?: string; style?: React.CSSProperties }) {
  const ref = useRef<HTMLModElement>(null);
  useEffect(() => {
    if (ref.current?.dataset.adsbygoogleStatus) return;
    (window.adsbygoogle ??= []).push({});
  }, []);
  return (
    <ins
      ref={ref}
      className={`adsbygoogle ${className ?? ''}`}
      style={{ display: 'block', ...style }}
      data-ad-client={publicEnv.adClient}
      data-ad-format="auto"
      data-full-width-responsive="true"
    />
  );
}

/** The ad network's script and the fixed block at the right edge (right 20px, top 40%, z-index 9999). */
export function AdScripts({ hidden }: { hidden: boolean }) {
  if (hidden) return null;
  return (
    <>
      <Script id="ad-network" strategy="lazyOnload" crossOrigin="anonymous" src={`${AD_SCRIPT}?client=${encodeURIComponent(publicEnv.adClient)}`} />
      {/* Only where there is a margin to hold it: on a phone it would cover the text. */}
      <aside
        aria-label="Quảng cáo"
        className="fixed hidden w-40 xl:block"
        style={{ right: AD_BLOCK_POSITION.right, top: AD_BLOCK_POSITION.top, zIndex: AD_BLOCK_POSITION.zIndex }}
        data-testid="ad-fixed"
      >
        <AdUnit style={{ width: 160, height: 600 }} />
      </aside>
    </>
  );
}

/** The inline block, placed in the page flow above the footer. */
export function InlineAd({ hidden }: { hidden: boolean }) {
  if (hidden) return null;
  return (
    <aside aria-label="Quảng cáo" className="mx-auto my-6 w-full max-w-6xl px-4" data-testid="ad-inline">
      <AdUnit className="min-h-[90px]" />
    </aside>
  );
}
