import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useCallback, useEffect, useMemo, useState, type MouseEvent } from 'react';
import { usePlayer } from '@/hooks/usePlayer';
import { useReaderSettings } from '@/hooks/useReaderSettings';
import { DownloadButton } from '@/components/offline/DownloadButton';
import type { PlayerChapter } from '@/lib/player/types';
import type { ChapterPageData } from '@/server/services/story';
import { WhenNear } from '@/components/ui/WhenNear';
import { ChapterBottomBar } from './ChapterBottomBar';
import { ChapterNav } from './ChapterNav';
import { ChapterPicker } from './ChapterPicker';
import { ChapterText } from './ChapterText';
import { ChapterViewBar } from './ChapterViewBar';
import { useChapterProgress } from './progress';
import { READER_BACKGROUND_CLASSES, READER_WIDTH_CLASSES, chapterHeading, chapterPath } from './readerStyles';
import { ReaderSettingsPanel } from './ReaderSettingsPanel';
import { pointInText } from './textPoint';
import { useChapterKeys } from './useChapterKeys';
import { useChapterText } from './useChapterText';
import { useEmbeddedReading } from './useEmbeddedReading';

const Comments = dynamic(() => import('@/components/comments/Comments').then((module) => module.Comments), { ssr: false });
const PlayerControls = dynamic(() => import('@/components/player/PlayerControls').then((module) => module.PlayerControls), { ssr: false });

/** Page colours behind the text when the reader picked a background other than the theme's. */
const PAGE_COLOURS = { paper: '#fbf7ef', sepia: '#f1e4c8', dark: '#1e1e1e', night: '#000000' } as const;

function scrollToParagraph(index: number): void {
  const element = document.querySelector<HTMLElement>(`[data-paragraph="${index}"]`);
  if (!element) return;
  const { top, bottom } = element.getBoundingClientRect();
  if (top > window.innerHeight * 0.15 && bottom < window.innerHeight * 0.6) return;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
}

/** The chapter page's reader: text, navigation, settings and the listening player. */
export function ChapterView({ data, autoListen }: { data: ChapterPageData; autoListen: boolean }) {
  const { story, chapter, prev, next } = data;
  const router = useRouter();
  const { settings, update, reset } = useReaderSettings();
  const { state: text, retry } = useChapterText(story._id, chapter.index, story.embedded);
  const reading = useEmbeddedReading(story.embedded, `${story._id}/${chapter.index}`);
  // The player reads the Vietnamese as shown, with the reader's fixes, whatever the view.
  const paragraphs = text.kind === 'ready' ? (reading.shown ?? text.paragraphs) : null;
  const [pickerOpen, setPickerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const goTo = useCallback((index: number) => void router.push(chapterPath(story.slug, index)), [router, story.slug]);
  const goPrev = useMemo(() => (prev === null ? null : () => goTo(prev)), [goTo, prev]);
  const goNext = useMemo(() => (next === null ? null : () => goTo(next)), [goTo, next]);
  useChapterKeys(goPrev, goNext);

  const playerChapter = useMemo<PlayerChapter | null>(
    () =>
      paragraphs
        ? {
            storyId: story._id,
            slug: story.slug,
            storyTitle: story.title,
            author: story.author,
            index: chapter.index,
            title: chapterHeading(chapter.index, chapter.title),
            paragraphs,
            prev,
            next,
            vip: chapter.vip,
          }
        : null,
    [paragraphs, story, chapter, prev, next],
  );
  const { player, state, start } = usePlayer(playerChapter, { onNavigate: goTo, onParagraph: scrollToParagraph }, autoListen);
  const listening = state !== null && state.status !== 'idle';

  useChapterProgress(text.kind === 'ready' ? { slug: story.slug, storyId: story._id, chapter: chapter.index, title: story.title } : null);

  useEffect(() => {
    if (settings.background === 'auto') return;
    const previous = document.body.style.backgroundColor;
    document.body.style.backgroundColor = PAGE_COLOURS[settings.background];
    return () => {
      document.body.style.backgroundColor = previous;
    };
  }, [settings.background]);

  // A tap on a word of an embedded chapter loads the inspector, open at that word.
  const tapToInspect =
    story.embedded && !listening && text.kind === 'ready'
      ? (event: MouseEvent<HTMLDivElement>) => {
          const target = pointInText(event);
          if (target) reading.inspect(target);
        }
      : undefined;

  const listen = () => {
    if (state && state.status !== 'idle') player?.toggle();
    else start();
  };

  return (
    <div className={`-mx-4 -my-6 px-4 pt-6 pb-48 ${READER_BACKGROUND_CLASSES[settings.background]}`}>
      <article className={`mx-auto ${READER_WIDTH_CLASSES[settings.width]}`}>
        <header className="mb-6 text-center">
          <Link prefetch={false} href={`/${story.slug}`} className="text-sm font-semibold text-brand hover:underline dark:text-brand-dark">
            {story.title}
          </Link>
          <h1 className="mt-2 font-serif text-2xl leading-snug font-bold sm:text-3xl">{chapterHeading(chapter.index, chapter.title)}</h1>
          <p className="mt-1 text-sm opacity-70">Tác giả: {story.author}</p>
          <DownloadButton
            story={{ storyId: story._id, slug: story.slug, title: story.title, author: story.author }}
            from={chapter.index}
            charsPerChapter={paragraphs ? paragraphs.reduce((sum, paragraph) => sum + paragraph.length, 0) : null}
            className="mt-3 min-h-9 px-3 py-1 text-sm"
          />
        </header>
        <ChapterNav slug={story.slug} prev={prev} next={next} onOpenPicker={() => setPickerOpen(true)} label="Điều hướng chương (đầu trang)" />
        <div className="my-8">
          {story.embedded && text.kind === 'ready' && (
            <ChapterViewBar view={reading.view} onView={reading.setView} inspecting={reading.request !== null} onInspect={() => reading.inspect(null)} />
          )}
          {reading.Inspectable && text.kind === 'ready' ? (
            <reading.Inspectable
              key={chapter.index}
              storyId={story._id}
              index={chapter.index}
              view={reading.view}
              fallback={text.paragraphs}
              settings={settings}
              current={listening ? (state?.paragraph ?? null) : null}
              listening={listening}
              onParagraphClick={listening ? (index) => player?.seek(index) : undefined}
              request={reading.request}
              onParagraphs={reading.onParagraphs}
            />
          ) : (
            <div onClick={tapToInspect}>
              <ChapterText
                state={text}
                opening={data.opening}
                settings={settings}
                current={listening ? (state?.paragraph ?? null) : null}
                onRetry={retry}
                onParagraphClick={listening ? (index) => player?.seek(index) : undefined}
                embeddedChapter={story.embedded ? { storyId: story._id, index: chapter.index } : undefined}
              />
            </div>
          )}
        </div>
        <ChapterNav slug={story.slug} prev={prev} next={next} onOpenPicker={() => setPickerOpen(true)} label="Điều hướng chương (cuối trang)" />
        <section id="binh-luan" className="mt-10" data-chapter={chapter.index}>
          <WhenNear armed={text.kind !== 'loading'} className="min-h-40">
            <Comments truyenId={story._id} chapter={chapter.index} />
          </WhenNear>
        </section>
      </article>
      <ChapterBottomBar
        slug={story.slug}
        prev={prev}
        next={next}
        listening={listening}
        onListen={listen}
        onOpenPicker={() => setPickerOpen(true)}
        onOpenSettings={() => setSettingsOpen(true)}
        player={player && state && state.status !== 'idle' ? <PlayerControls player={player} state={state} hasPrev={prev !== null} hasNext={next !== null} /> : undefined}
      />
      <ChapterPicker open={pickerOpen} onClose={() => setPickerOpen(false)} storyId={story._id} slug={story.slug} total={story.chapters} current={chapter.index} />
      <ReaderSettingsPanel open={settingsOpen} onClose={() => setSettingsOpen(false)} settings={settings} onChange={update} onReset={reset} />
    </div>
  );
}
