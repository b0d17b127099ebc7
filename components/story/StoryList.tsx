import Link from 'next/link';
import { STATUS_NAMES } from '@/lib/constants';
import { formatRelativeTime } from '@/lib/relativeTime';
import { genreUrl, storyUrl } from '@/lib/routes';
import type { StoryCard as StoryCardData } from '@/lib/types';
import { StoryCover } from './StoryCover';

interface StoryListProps {
  stories: StoryCardData[];
  /** Rank of the first row (1-based) for ranked lists; unnumbered when absent. */
  firstRank?: number;
  /** Server time the list was rendered at, so relative times agree between server and browser. */
  now: number;
  /** Title, author and chapters only, for a narrow sidebar. */
  compact?: boolean;
}

/** Stories as rows: small cover, title, author, genres, chapters, status and last update. */
export function StoryList({ stories, firstRank, now, compact = false }: StoryListProps) {
  return (
    <ol className="divide-y divide-ink/10 dark:divide-night-line" data-testid="story-list">
      {stories.map((story, i) => {
        const rank = firstRank === undefined ? undefined : firstRank + i;
        return (
          <li key={story._id} className={`flex items-start gap-3 ${compact ? 'py-2' : 'py-3'}`}>
            {rank !== undefined && (
              <span
                className={`${compact ? 'mt-0' : 'mt-1'} w-8 shrink-0 text-center text-lg font-bold tabular-nums ${rank <= 3 ? 'text-brand dark:text-brand-dark' : 'text-ink-soft dark:text-neutral-400'}`}
                aria-label={`Hạng ${rank}`}
              >
                {rank}
              </span>
            )}
            {!compact && (
              <Link prefetch={false} href={storyUrl(story.slug)} className="w-14 shrink-0 sm:w-16" tabIndex={-1} aria-hidden>
                <StoryCover title={story.title} cover={story.cover} decorative />
              </Link>
            )}
            <div className="min-w-0 flex-1">
              <h3 className="font-semibold leading-snug">
                <Link prefetch={false} href={storyUrl(story.slug)} className="hover:text-brand dark:hover:text-brand-dark" data-testid="story-card">
                  {story.title}
                </Link>
              </h3>
              <p className="truncate text-sm text-ink-soft dark:text-neutral-400">{story.author}</p>
              <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-ink-soft dark:text-neutral-400">
                {!compact && story.genres.slice(0, 2).map((genre) => (
                  <Link prefetch={false} key={genre._id} href={genreUrl(genre.name)} className="hover:text-brand hover:underline dark:hover:text-brand-dark">
                    {genre.name}
                  </Link>
                ))}
                <span>{story.chapters.toLocaleString('vi-VN')} chương</span>
                <span className={story.status === 'completed' ? 'font-semibold text-emerald-700 dark:text-emerald-400' : ''}>{STATUS_NAMES[story.status]}</span>
                {!compact && <time dateTime={new Date(story.updatedAt).toISOString()}>{formatRelativeTime(story.updatedAt, now, 'elapsed')}</time>}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
