import { useEffect, useState } from 'react';

/** Within this distance of the top the bar always shows. */
const TOP_ZONE_PX = 80;
/** Scroll movements smaller than this are ignored, so a trembling finger does not flicker the bar. */
const JITTER_PX = 6;

/**
 * Visible when scrolling up or near the top, hidden while scrolling down (spec §4). The fade
 * itself (CHAPTER_BAR_FADE_MS) belongs to the component.
 */
export function useScrollVisibility(): boolean {
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    let last = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      if (y <= TOP_ZONE_PX) setVisible(true);
      else if (y > last + JITTER_PX) setVisible(false);
      else if (y < last - JITTER_PX) setVisible(true);
      else return;
      last = y;
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);

  return visible;
}
