import { useRouter, type NextRouter } from 'next/router';
import { useEffect, useState, type MouseEvent, type ReactNode, type TouchEvent } from 'react';

/**
 * Server-rendered content with nothing to do in the browser but its links (story lists, the
 * footer). On the page's first load its HTML stays as the server sent it, without hydration: on a
 * phone, hydrating a home page of some hundred story cards is most of the long task that keeps the
 * page from answering a tap. Its links still move within the site (a click goes to the router)
 * and are fetched ahead on hover or touch, as `<Link prefetch={false}>` does. Rendered any later
 * (another page, the same page type with new props), it is plain React.
 *
 * Only for content whose HTML depends on the page's props alone: no state, effects, handlers or
 * client-only values inside.
 */

let firstHydration = true;

/** Called once the app has hydrated (pages/_app.tsx): islands rendered from then on are plain React. */
export function useEndOfFirstHydration(): void {
  useEffect(() => {
    firstHydration = false;
  }, []);
}

/** What React keeps of an island: an empty HTML string that it never compares with the server's. */
const KEPT_HTML = { __html: '' };

/** The in-site path of a plain left click on a link, or null when the browser should handle it. */
function inSitePath(event: MouseEvent<HTMLElement>): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = linkOf(event.target);
  if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  return sameOriginPath(link);
}

function linkOf(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest('a[href]') : null;
}

function sameOriginPath(link: HTMLAnchorElement): string | null {
  const url = new URL(link.href, window.location.href);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
}

function follow(event: MouseEvent<HTMLElement>, router: NextRouter): void {
  const path = inSitePath(event);
  if (path === null) return;
  event.preventDefault();
  void router.push(path);
}

const fetchedAhead = new Set<string>();

function fetchAhead(event: MouseEvent<HTMLElement> | TouchEvent<HTMLElement>, router: NextRouter): void {
  const link = linkOf(event.target);
  const path = link && sameOriginPath(link);
  if (!path || fetchedAhead.has(path)) return;
  fetchedAhead.add(path);
  void router.prefetch(path).catch(() => fetchedAhead.delete(path));
}

interface StaticIslandProps {
  children: ReactNode;
  className?: string;
  /**
   * What else the content shows, for content that can change on the same page (a list's page and
   * order, a mark read from the browser's storage): the server's HTML is kept only while it is the
   * same as at the first render.
   */
  contentKey?: string;
}

export function StaticIsland({ children, className, contentKey = '' }: StaticIslandProps) {
  const router = useRouter();
  const shown = `${router.asPath}\n${contentKey}`;
  // What the kept server HTML shows; once the page or the content moves on, it is plain React for good.
  const [kept, setKept] = useState<string | null>(() => (typeof window !== 'undefined' && firstHydration ? shown : null));
  if (kept !== null && kept !== shown) setKept(null);
  if (kept !== shown) {
    return (
      <div key="live" className={className}>
        {children}
      </div>
    );
  }
  return (
    <div
      key="kept"
      className={className}
      onClick={(event) => follow(event, router)}
      onMouseOver={(event) => fetchAhead(event, router)}
      onTouchStart={(event) => fetchAhead(event, router)}
      dangerouslySetInnerHTML={KEPT_HTML}
      suppressHydrationWarning
    />
  );
}
