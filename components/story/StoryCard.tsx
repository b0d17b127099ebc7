import Link from 'next/link';
import { STATUS_NAMES } from '@/lib/constants';
import type { StoryCard as StoryCardData } from '@/lib/types';
import { StoryCover } from './StoryCover';

export function StoryCard({ story }: { story: StoryCardData }) {
  return (
    <Link href={`/${story.slug}`} className="group block" data-testid="story-card">
      <StoryCover title={story.title} cover={story.cover} className="shadow-sm transition group-hover:shadow-md" />
      <h3 className="mt-2 line-clamp-2 text-sm font-semibold group-hover:text-brand dark:group-hover:text-brand-dark">{story.title}</h3>
      <p className="truncate text-xs text-ink-soft dark:text-neutral-400">{story.author}</p>
      <p className="text-xs text-ink-soft dark:text-neutral-400">
        {story.chapters} chương · {STATUS_NAMES[story.status]}
      </p>
    </Link>
  );
}
