import Link from 'next/link';
import { STATUS_NAMES } from '@/lib/constants';
import { storyUrl } from '@/lib/routes';
import type { StoryCard as StoryCardData } from '@/lib/types';
import { StoryCover } from './StoryCover';

/** A story in a grid: cover (with a "Full" mark when completed), title, author, chapters and status. */
export function StoryCard({ story }: { story: StoryCardData }) {
  return (
    <Link prefetch={false} href={storyUrl(story.slug)} className="group block rounded-lg" data-testid="story-card">
      <div className="relative">
        <StoryCover title={story.title} author={story.author} cover={story.cover} className="shadow-sm transition group-hover:-translate-y-0.5 group-hover:shadow-md" />
        {story.status === 'completed' && (
          <span className="absolute left-1.5 top-1.5 rounded bg-emerald-700 px-1.5 py-0.5 text-[0.65rem] font-bold uppercase text-white shadow">Full</span>
        )}
      </div>
      <h3 className="mt-2 line-clamp-2 text-sm font-semibold leading-snug group-hover:text-brand dark:group-hover:text-brand-dark">{story.title}</h3>
      <p className="truncate text-xs text-ink-soft dark:text-neutral-400">{story.author}</p>
      <p className="text-xs text-ink-soft dark:text-neutral-400">
        {story.chapters.toLocaleString('vi-VN')} chương
        <span className="hidden sm:inline"> · {STATUS_NAMES[story.status]}</span>
      </p>
    </Link>
  );
}
