import { useCallback, useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { chapterViewSnapshot, setChapterView, subscribeChapterView, type ChapterViewKey } from '@/lib/embedding/chapterView';
import type { InspectableTextProps } from './inspector/InspectableText';
import type { InspectRequest, InspectTarget } from './textPoint';

const serverView = (): ChapterViewKey => 'vi';

/**
 * An embedded chapter's reading views and word inspector. Nothing of them is in the page's first
 * load: the inspector's code and the chapter's words load when the reader first taps a word,
 * presses "Tra từ" or picks a view other than Việt (kept on the device). `shown` is the
 * Vietnamese the inspector shows (after the reader's fixes), for the player.
 */
export function useEmbeddedReading(embedded: boolean, chapterKey: string) {
  const stored = useSyncExternalStore(subscribeChapterView, chapterViewSnapshot, serverView);
  const view: ChapterViewKey = embedded ? stored : 'vi';
  const [request, setRequest] = useState<{ key: string; request: InspectRequest } | null>(null);
  const [Inspectable, setInspectable] = useState<ComponentType<InspectableTextProps> | null>(null);
  const [shown, setShown] = useState<{ key: string; paragraphs: string[] } | null>(null);
  const asked = request?.key === chapterKey ? request.request : null;
  const shownHere = shown?.key === chapterKey ? shown.paragraphs : null;
  // Once the words are here the chapter stays with them (its fixes shown) in every view.
  const active = embedded && (view !== 'vi' || asked !== null || shownHere !== null);

  useEffect(() => {
    if (!active || Inspectable) return;
    let cancelled = false;
    void import('./inspector/InspectableText').then((module) => {
      if (!cancelled) setInspectable(() => module.InspectableText);
    });
    return () => {
      cancelled = true;
    };
  }, [active, Inspectable]);

  const inspect = useCallback((target: InspectTarget | null) => setRequest({ key: chapterKey, request: { id: Date.now(), target } }), [chapterKey]);
  const onParagraphs = useCallback((paragraphs: string[]) => setShown({ key: chapterKey, paragraphs }), [chapterKey]);

  return {
    view,
    setView: setChapterView,
    active,
    Inspectable: active ? Inspectable : null,
    request: asked,
    inspect,
    shown: shownHere,
    onParagraphs,
  };
}
