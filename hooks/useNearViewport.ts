import { useEffect, useRef, useState } from 'react';

/**
 * True once the element comes within `margin` of the screen (and stays true): lazy loading. Not
 * watched while `armed` is false.
 */
export function useNearViewport<T extends Element>(margin = '300px', armed = true) {
  const ref = useRef<T>(null);
  // Without IntersectionObserver (old browsers), load at once.
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!element || near || !armed) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [margin, near, armed]);
  return { ref, near };
}
