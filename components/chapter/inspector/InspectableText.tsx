import { RotateCcw } from 'lucide-react';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import {
  extendSelection,
  isSelectable,
  selectionReading,
  selectionText,
  wordAtOffset,
  wordsOf,
  type ParagraphDetail,
  type Selection,
  type Word,
} from '@/lib/embedding/chapterDetail';
import type { ChapterViewKey } from '@/lib/embedding/chapterView';
import type { ReaderSettings } from '@/lib/readerSettings';
import { READER_FONT_CLASSES, READER_HIGHLIGHT_CLASSES } from '../readerStyles';
import type { InspectRequest } from '../textPoint';
import { useChapterDetail } from './useChapterDetail';
import { WordInspector } from './WordInspector';

export interface InspectableTextProps {
  storyId: string;
  index: number;
  view: ChapterViewKey;
  /** The chapter's Vietnamese as the page has it, shown until the words arrive. */
  fallback: string[];
  settings: ReaderSettings;
  /** The paragraph being read aloud, highlighted. */
  current: number | null;
  listening: boolean;
  onParagraphClick?: (index: number) => void;
  /** The latest ask from the page: open the inspector at a tapped point, or (null target) focus the first word. */
  request: InspectRequest | null;
  /** The Vietnamese as shown, for the player. */
  onParagraphs: (paragraphs: string[]) => void;
}

/** The open inspector's selection, in the Chinese of a paragraph (stable when the paragraph is converted again). */
interface Open {
  line: number;
  zhFrom: number;
  zhTo: number;
}

function selectionIn(words: readonly Word[], open: Open): Selection | null {
  const first = words.findIndex((word) => word.zhTo > open.zhFrom);
  let last = -1;
  words.forEach((word, index) => {
    if (word.zhFrom < open.zhTo) last = index;
  });
  return first >= 0 && last >= first ? { first, last } : null;
}

const wordClass = 'cursor-pointer rounded-sm hover:bg-amber-200/60 dark:hover:bg-amber-400/20';
const selectedClass = 'bg-brand/15 ring-1 ring-brand/50 dark:bg-brand-dark/25 dark:ring-brand-dark/60';

/** One paragraph's Vietnamese with its words as targets (roving tab stop: one word of the chapter is in the tab order). */
const WordsLine = memo(function WordsLine({ paragraph, words, at, selected, stop }: { paragraph: ParagraphDetail; words: readonly Word[]; at: number; selected: Selection | null; stop: number }) {
  const parts: ReactNode[] = [];
  let cursor = 0;
  words.forEach((word, index) => {
    if (word.from > cursor) parts.push(paragraph.vi.slice(cursor, word.from));
    const inSelection = selected !== null && index >= selected.first && index <= selected.last;
    parts.push(
      <span key={index} data-w={`${at}:${index}`} tabIndex={index === stop ? 0 : -1} className={inSelection ? `${wordClass} ${selectedClass}` : wordClass}>
        {paragraph.vi.slice(word.from, word.to)}
      </span>,
    );
    cursor = word.to;
  });
  if (cursor < paragraph.vi.length) parts.push(paragraph.vi.slice(cursor));
  return <>{parts}</>;
});

function parseWordId(element: Element | null): [number, number] | null {
  const id = element?.getAttribute('data-w');
  if (!id) return null;
  const [paragraph, word] = id.split(':').map(Number);
  return Number.isInteger(paragraph) && Number.isInteger(word) ? [paragraph, word] : null;
}

/**
 * An embedded chapter's text with its words and original (loaded on first use): in the Việt view
 * and Song ngữ every word opens the word inspector (a tap, a click, Enter), Hán Việt shows one
 * reading per character and Trung the original. Fixes show at once where the same Chinese occurs.
 */
export function InspectableText(props: InspectableTextProps) {
  const { storyId, index, view, fallback, settings, current, listening, onParagraphClick, request, onParagraphs } = props;
  const { state, retry, applyFix } = useChapterDetail(storyId, index);
  const box = useRef<HTMLDivElement>(null);
  const paragraphs = state.kind === 'ready' ? state.detail.paragraphs : null;
  const own = state.kind === 'ready' ? state.detail.own : {};
  const words = useMemo(() => paragraphs?.map(wordsOf) ?? [], [paragraphs]);
  const [open, setOpen] = useState<Open | null>(null);
  const [stop, setStop] = useState<[number, number]>([0, 0]);
  const [handled, setHandled] = useState<number | null>(null);
  const [focusWanted, setFocusWanted] = useState<[number, number] | null>(null);

  useEffect(() => {
    if (paragraphs) onParagraphs(paragraphs.map((paragraph) => paragraph.vi));
  }, [paragraphs, onParagraphs]);

  const wordElement = useCallback((paragraph: number, word: number) => box.current?.querySelector<HTMLElement>(`[data-w="${paragraph}:${word}"]`) ?? null, []);

  const openAt = (paragraph: number, word: number) => {
    const target = paragraphs?.[paragraph] && words[paragraph]?.[word];
    if (!target) return;
    setOpen({ line: paragraphs[paragraph].line, zhFrom: target.zhFrom, zhTo: target.zhTo });
    setStop([paragraph, word]);
  };

  // The page's ask (a tap before the words were here, or "Tra từ"), handled once the words are here.
  if (paragraphs && request && handled !== request.id) {
    setHandled(request.id);
    const tapped = request.target && words[request.target.paragraph] ? wordAtOffset(words[request.target.paragraph], request.target.offset) : -1;
    if (request.target && tapped >= 0) openAt(request.target.paragraph, tapped);
    else {
      const first = words.findIndex((list) => list.length > 0);
      if (first >= 0) {
        setStop([first, 0]);
        setFocusWanted([first, 0]);
      }
    }
  }

  useEffect(() => {
    if (focusWanted) wordElement(...focusWanted)?.focus();
  }, [focusWanted, wordElement]);

  const openParagraph = open && paragraphs ? paragraphs.findIndex((paragraph) => paragraph.line === open.line) : -1;
  const selection = openParagraph >= 0 ? selectionIn(words[openParagraph], open!) : null;

  // The inspector points at the selection's first word, found again after the text changes.
  const anchor = () => (selection ? wordElement(openParagraph, selection.first) : null);
  const container = () => box.current;

  // Closing gives focus back to the selection's first word (after a fix, the word it became).
  const close = () => {
    setOpen(null);
    if (!selection) return;
    const target: [number, number] = [openParagraph, selection.first];
    setStop(target);
    requestAnimationFrame(() => wordElement(...target)?.focus());
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    const paragraphElement = target.closest('[data-paragraph]');
    if (listening && onParagraphClick && paragraphElement) {
      onParagraphClick(Number(paragraphElement.getAttribute('data-paragraph')));
      return;
    }
    if (!window.getSelection()?.isCollapsed) return;
    const id = parseWordId(target.closest('[data-w]'));
    if (id) openAt(...id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const id = parseWordId((event.target as Element).closest('[data-w]'));
    if (!id) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(...id);
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      const all = [...(box.current?.querySelectorAll<HTMLElement>('[data-w]') ?? [])];
      const at = all.indexOf(event.target as HTMLElement);
      const next = all[at + (event.key === 'ArrowRight' ? 1 : -1)];
      const nextId = parseWordId(next ?? null);
      if (!next || !nextId) return;
      event.preventDefault();
      setStop(nextId);
      next.focus();
    }
  };

  const extend = (side: 'previous' | 'next') => {
    if (!selection || openParagraph < 0) return;
    const grown = extendSelection(paragraphs![openParagraph].zh, words[openParagraph], selection, side);
    if (grown) setOpen({ line: open!.line, zhFrom: words[openParagraph][grown.first].zhFrom, zhTo: words[openParagraph][grown.last].zhTo });
  };

  const shown: ParagraphDetail[] | null = paragraphs;
  const interactive = view === 'vi' || view === 'both';
  const textStyle = { fontSize: `${settings.size}px`, lineHeight: settings.lineHeight };
  const highlight = (at: number) => (current === at ? READER_HIGHLIGHT_CLASSES[settings.background] : '');

  return (
    <div ref={box} className="relative">
      {state.kind === 'loading' && view !== 'vi' && (
        <p role="status" className="mb-3 text-sm opacity-80">
          Đang tải bản gốc…
        </p>
      )}
      {state.kind === 'failed' && (
        <div role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          <p>{state.message}</p>
          <button type="button" onClick={retry} className="mt-2 inline-flex items-center gap-2 font-semibold underline">
            <RotateCcw aria-hidden className="size-4" /> Thử lại
          </button>
        </div>
      )}
      <p id={`word-hint-${index}`} className="sr-only">
        Nhấn Enter trên một từ để tra nghĩa và sửa; phím mũi tên trái, phải để chuyển từ.
      </p>
      <div
        className={`${READER_FONT_CLASSES[settings.font]} break-words`}
        style={textStyle}
        data-testid="chapter-text"
        data-view={view}
        data-words={shown ? 'ready' : 'loading'}
        aria-describedby={shown && interactive ? `word-hint-${index}` : undefined}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        {!shown &&
          fallback.map((paragraph, at) => (
            <p key={at} data-paragraph={at} aria-current={current === at ? 'true' : undefined} className={`mb-[0.9em] rounded px-1 -mx-1 ${highlight(at)}`}>
              {paragraph}
            </p>
          ))}
        {shown?.map((paragraph, at) => {
          const line = (
            <WordsLine
              paragraph={paragraph}
              words={words[at]}
              at={at}
              selected={at === openParagraph ? selection : null}
              stop={stop[0] === at ? stop[1] : -1}
            />
          );
          const original = paragraph.raw ?? paragraph.zh.trim();
          const className = `mb-[0.9em] rounded px-1 -mx-1 transition-colors ${highlight(at)}`;
          const currentMark = current === at ? 'true' : undefined;
          if (view === 'hanviet')
            return (
              <p key={paragraph.line} data-paragraph={at} aria-current={currentMark} className={className}>
                {paragraph.hv}
              </p>
            );
          if (view === 'zh')
            return (
              <p key={paragraph.line} data-paragraph={at} aria-current={currentMark} lang="zh" className={className}>
                {original}
              </p>
            );
          if (view === 'both')
            return (
              <div key={paragraph.line} data-paragraph={at} aria-current={currentMark} className={className}>
                <p>{line}</p>
                <p lang="zh" className="mt-1 text-[0.9em] opacity-75" data-testid="paragraph-original">
                  {original}
                </p>
              </div>
            );
          return (
            <p key={paragraph.line} data-paragraph={at} aria-current={currentMark} className={className}>
              {line}
            </p>
          );
        })}
      </div>
      {open && selection && paragraphs && openParagraph >= 0 && interactive && (
        <WordInspector
          storyId={storyId}
          zh={selectionText(paragraphs[openParagraph].zh, words[openParagraph], selection)}
          reading={selectionReading(paragraphs[openParagraph].vi, words[openParagraph], selection)}
          origins={words[openParagraph].slice(selection.first, selection.last + 1).map((word) => word.origin)}
          own={own}
          previous={neighbourText(paragraphs[openParagraph].zh, words[openParagraph], selection, 'previous')}
          next={neighbourText(paragraphs[openParagraph].zh, words[openParagraph], selection, 'next')}
          joined={selection.last > selection.first}
          anchor={anchor}
          container={container}
          onExtend={extend}
          onReset={() => openAt(openParagraph, selection.first)}
          onApply={applyFix}
          onClose={close}
        />
      )}
    </div>
  );
}

function neighbourText(zh: string, words: readonly Word[], selection: Selection, side: 'previous' | 'next'): string | null {
  const grown = extendSelection(zh, words, selection, side);
  return grown && isSelectable(zh, words, grown) ? selectionText(zh, words, grown) : null;
}
