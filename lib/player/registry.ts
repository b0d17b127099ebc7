import type { Player } from './player';

/**
 * The page session's one player. Only this small module is in the chapter page's bundle; the
 * player itself is loaded when the reader first presses play.
 */
let current: Player | null = null;
let loading: Promise<Player> | null = null;

export function currentPlayer(): Player | null {
  return current;
}

export function loadPlayer(): Promise<Player> {
  loading ??= import('./browser').then(({ createBrowserPlayer }) => {
    current = createBrowserPlayer();
    return current;
  });
  return loading;
}
