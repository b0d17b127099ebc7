import { Lock } from 'lucide-react';
import Link from 'next/link';
import type { VipStoryItem } from '@/server/services/vipChapters';

/** Stories with VIP chapters, each linking to where its early-access part begins. */
export function VipStories({ stories }: { stories: VipStoryItem[] }) {
  if (stories.length === 0) return null;
  return (
    <section aria-labelledby="vip-stories-title" className="mt-12">
      <h2 id="vip-stories-title" className="text-xl font-semibold">
        Truyện có chương VIP
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {stories.map((story) => (
          <li key={story.slug}>
            <Link prefetch={false}
              href={`/${story.slug}/chuong-${story.firstVipChapter}`}
              className="flex items-center justify-between gap-3 rounded-xl border border-ink/10 bg-white/60 px-4 py-3 hover:border-brand/50 dark:border-night-line dark:bg-night-raised dark:hover:border-brand-dark/60"
              data-testid="vip-story"
            >
              <span className="min-w-0">
                <span className="block truncate font-semibold">{story.title}</span>
                <span className="block truncate text-sm text-ink-soft dark:text-neutral-400">{story.author}</span>
              </span>
              <span className="flex shrink-0 items-center gap-1 text-sm text-amber-800 dark:text-amber-300">
                <Lock aria-hidden className="size-4" />
                {story.vipChapters} chương VIP
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
