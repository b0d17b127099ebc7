import { useEffect, type RefObject } from 'react';

/** Set on <html> while the listening player is open. */
export const PLAYER_OPEN_ATTRIBUTE = 'data-player-open';
/** The height of the fixed stack at the bottom (player and chapter bar), in px, on <html>. */
export const PLAYER_STACK_VARIABLE = '--player-stack-height';

/**
 * While the player is open, tells the rest of the page how tall the fixed bottom stack is, so
 * what floats at the bottom (the theme toggle) moves above it rather than onto its controls.
 */
export function usePlayerStackMark(stack: RefObject<HTMLElement | null>, open: boolean): void {
  useEffect(() => {
    const element = stack.current;
    if (!open || !element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty(PLAYER_STACK_VARIABLE, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    measure();
    root.setAttribute(PLAYER_OPEN_ATTRIBUTE, '');
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.removeAttribute(PLAYER_OPEN_ATTRIBUTE);
      root.style.removeProperty(PLAYER_STACK_VARIABLE);
    };
  }, [stack, open]);
}
