import type { ReactNode } from 'react';
import { useNearViewport } from '@/hooks/useNearViewport';

interface WhenNearProps {
  children: ReactNode;
  /** How close to the screen the place must come (CSS margin, as IntersectionObserver takes it). */
  margin?: string;
  /** Off until the page around has settled (a chapter's text, which pushes what follows down). */
  armed?: boolean;
  /** Its height until then, so the page does not jump when it arrives. */
  className?: string;
}

/**
 * Renders `children` once their place comes near the screen: a section's code (comments,
 * reviews) and what it pulls in (the API client) load when a reader scrolls toward it, not
 * with the page.
 */
export function WhenNear({ children, margin = '600px', armed = true, className }: WhenNearProps) {
  const { ref, near } = useNearViewport<HTMLDivElement>(margin, armed);
  return (
    <div ref={ref} className={near ? undefined : className}>
      {near ? children : null}
    </div>
  );
}
