import type { StoryCard as StoryCardData } from '@/lib/types';
import { StoryCard } from './StoryCard';

/** Story cards in a responsive grid: 3 across on a phone, 6 on a wide screen. */
export function StoryGrid({ stories, className = '' }: { stories: StoryCardData[]; className?: string }) {
  return (
    <ul className={`grid grid-cols-3 gap-x-3 gap-y-5 sm:grid-cols-4 md:grid-cols-5 lg:grid-cols-6 ${className}`}>
      {stories.map((story) => (
        <li key={story._id}>
          <StoryCard story={story} />
        </li>
      ))}
    </ul>
  );
}
