import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Player } from '@/lib/player/player';
import { currentPlayer, loadPlayer } from '@/lib/player/registry';
import type { PlayerChapter, PlayerHandlers, PlayerState } from '@/lib/player/types';

const noSubscribe = () => () => undefined;
const noState = () => null;

/**
 * The listening player for a chapter page. The player module loads on the first press of play
 * (or when `autoStart` asks for it, as "Nghe" on the story page does); after that it follows the
 * page from chapter to chapter and stops when the reader leaves the chapter pages.
 */
export function usePlayer(chapter: PlayerChapter | null, handlers: PlayerHandlers, autoStart = false) {
  const [player, setPlayer] = useState<Player | null>(currentPlayer);
  const state: PlayerState | null = useSyncExternalStore(
    player ? player.subscribe : noSubscribe,
    player ? player.getState : noState,
    noState,
  );

  const { onNavigate, onParagraph } = handlers;
  useEffect(() => {
    player?.setHandlers({ onNavigate, onParagraph });
  }, [player, onNavigate, onParagraph]);

  useEffect(() => {
    if (player && chapter) player.load(chapter);
  }, [player, chapter]);

  const start = useCallback(() => {
    void loadPlayer().then((loaded) => {
      setPlayer(loaded);
      loaded.setHandlers({ onNavigate, onParagraph });
      if (chapter) {
        loaded.load(chapter);
        void loaded.play();
      }
    });
  }, [chapter, onNavigate, onParagraph]);

  // "Nghe" on the story page: start once the chapter's text is here.
  const autoStarted = useRef<string | null>(null);
  useEffect(() => {
    const key = chapter ? `${chapter.storyId}/${chapter.index}` : null;
    if (!autoStart || !key || autoStarted.current === key) return;
    autoStarted.current = key;
    start();
  }, [autoStart, chapter, start]);

  useEffect(() => () => currentPlayer()?.stop(), []);

  return { player, state, start };
}
