import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

export interface PopoverPlace {
  top: number;
  left: number;
  width: number;
  /** Where the panel is, from the word: below it, or above when there is more room there. */
  side: 'below' | 'above';
  /** The arrow's distance from the panel's left edge, pointing at the word. */
  arrow: number;
  height: number;
}

const GAP = 10;
const MARGIN = 8;
const MAX_WIDTH = 384;
/** The floating chapter bar and player take the bottom of the screen, the site's header its top. */
const BOTTOM_RESERVE = 96;
const TOP_RESERVE = 64;

/**
 * Places a panel (absolutely positioned in `container`) against the word `anchor`: as wide as
 * fits up to 24rem, centred on the word within the container, above the word only when it fits
 * there and not below. Follows the word when the page is resized or the panel grows.
 */
export function usePopoverPlace(
  anchorOf: () => HTMLElement | null,
  containerOf: () => HTMLElement | null,
  panel: RefObject<HTMLElement | null>,
  version: string,
): PopoverPlace | null {
  const [place, setPlace] = useState<PopoverPlace | null>(null);
  const anchorRef = useRef(anchorOf);
  const containerRef = useRef(containerOf);
  useLayoutEffect(() => {
    anchorRef.current = anchorOf;
    containerRef.current = containerOf;
  });

  useLayoutEffect(() => {
    const measure = () => {
      const anchor = anchorRef.current();
      const container = containerRef.current();
      if (!anchor || !container) return;
      const word = anchor.getBoundingClientRect();
      const box = container.getBoundingClientRect();
      const width = Math.min(MAX_WIDTH, window.innerWidth - 2 * MARGIN);
      const centre = word.left + word.width / 2;
      const viewportLeft = Math.min(Math.max(MARGIN, centre - width / 2), window.innerWidth - MARGIN - width);
      const height = panel.current?.offsetHeight ?? 0;
      const below = window.innerHeight - BOTTOM_RESERVE - word.bottom;
      const above = word.top - TOP_RESERVE;
      // Where neither fits, below: the page scrolls down to it, never under the header.
      const side = below >= height + GAP || above < height + GAP ? 'below' : 'above';
      const top = side === 'below' ? word.bottom - box.top + GAP : word.top - box.top - GAP - height;
      setPlace({ top, left: viewportLeft - box.left, width, side, arrow: Math.min(Math.max(16, centre - viewportLeft), width - 16), height });
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (panel.current) observer?.observe(panel.current);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [panel, version]);

  return place;
}
