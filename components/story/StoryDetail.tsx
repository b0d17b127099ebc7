import Link from 'next/link';
import { Eye, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { chapterHeading, chapterPath } from '@/components/chapter/readerStyles';
import { FollowButton } from '@/components/embedding/FollowButton';
import { ReportButton } from '@/components/report/ReportButton';
import { SaveStoryButton } from '@/components/user/SaveStoryButton';
import { StoryPushToggle } from '@/components/notifications/StoryPushToggle';
import { STATUS_NAMES } from '@/lib/constants';
import type { Story } from '@/lib/types';
import { StoryCover } from './StoryCover';
import { StoryDetailActions } from './StoryDetailActions';
import { StoryDescription } from './StoryDescription';

const numberFormat = new Intl.NumberFormat('vi-VN');
const dateFormat = new Intl.DateTimeFormat('vi-VN', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Asia/Ho_Chi_Minh' });

export const authorSearchPath = (author: string) => `/truyen?author=${encodeURIComponent(author)}`;
export const genreSearchPath = (name: string) => `/truyen?cats=${encodeURIComponent(JSON.stringify([name]))}`;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="w-28 shrink-0 text-ink-soft dark:text-neutral-400">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** The head of the story page: cover, facts, actions, description. */
export function StoryDetail({ story, firstChapter }: { story: Story; firstChapter: number | null }) {
  return (
    <section aria-labelledby="story-title" className="grid gap-6 sm:grid-cols-[12rem_1fr] md:grid-cols-[14rem_1fr]">
      <div className="mx-auto w-36 sm:w-full">
        <StoryCover title={story.title} cover={story.cover} className="shadow-md" />
      </div>
      <div className="min-w-0">
        <h1 id="story-title" className="font-serif text-2xl leading-tight font-bold sm:text-3xl">
          {story.title}
        </h1>
        <dl className="mt-4 space-y-1.5 text-sm">
          <Fact label="Tác giả">
            <Link prefetch={false} href={authorSearchPath(story.author)} className="font-semibold text-brand hover:underline dark:text-brand-dark">
              {story.author}
            </Link>
          </Fact>
          {story.genres.length > 0 && (
            <Fact label="Thể loại">
              <ul className="flex flex-wrap gap-1.5">
                {story.genres.map((genre) => (
                  <li key={genre._id}>
                    <Link prefetch={false} href={genreSearchPath(genre.name)} className="rounded-full border border-ink/15 px-2 py-0.5 text-xs hover:border-brand dark:border-night-line">
                      {genre.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </Fact>
          )}
          <Fact label="Trạng thái">
            <span className={story.status === 'completed' ? 'font-semibold text-green-700 dark:text-green-400' : ''}>{STATUS_NAMES[story.status]}</span>
          </Fact>
          <Fact label="Số chương">{numberFormat.format(story.chapters)}</Fact>
          {story.latestChapter && (
            <Fact label="Chương mới">
              <Link prefetch={false} href={chapterPath(story.slug, story.latestChapter.index)} className="hover:underline">
                {chapterHeading(story.latestChapter.index, story.latestChapter.title)}
              </Link>{' '}
              <span className="text-ink-soft dark:text-neutral-400">({dateFormat.format(story.latestChapter.time)})</span>
            </Fact>
          )}
          <Fact label="Đánh giá">
            <span className="inline-flex items-center gap-1">
              <Star aria-hidden className="size-4 fill-amber-400 text-amber-500" />
              {story.rating.count > 0 ? (
                <>
                  <strong>{story.rating.avg.toLocaleString('vi-VN')}</strong>/5 ({numberFormat.format(story.rating.count)} lượt)
                </>
              ) : (
                'Chưa có đánh giá'
              )}
            </span>
          </Fact>
          <Fact label="Lượt xem">
            <span className="inline-flex items-center gap-1">
              <Eye aria-hidden className="size-4" /> {numberFormat.format(story.views)}
            </span>
          </Fact>
        </dl>
        <div className="mt-5 space-y-3">
          <StoryDetailActions
            slug={story.slug}
            chapters={story.chapters}
            firstChapter={firstChapter}
            download={{ storyId: story._id, slug: story.slug, title: story.title, author: story.author }}
            exportBook={{ storyId: story._id, slug: story.slug, title: story.title, latest: story.latestChapter?.index ?? story.chapters }}
          >
            <SaveStoryButton story={{ _id: story._id, slug: story.slug, title: story.title }} className="min-h-11" />
            <StoryPushToggle storyId={story._id} />
          </StoryDetailActions>
          {story.origin === 'embedded' && <FollowButton storyId={story._id} />}
          <ReportButton
            subject={{ type: 'story', id: story._id, label: `truyện “${story.title}”` }}
            iconSize={15}
            className="inline-flex min-h-10 items-center gap-1.5 rounded-full px-2 text-sm text-ink-soft hover:bg-ink/5 hover:text-ink dark:text-neutral-400 dark:hover:bg-white/10 dark:hover:text-neutral-200"
          />
        </div>
      </div>
      <div className="sm:col-span-2">
        <h2 className="mb-2 text-lg font-bold">Giới thiệu</h2>
        <StoryDescription text={story.description} />
      </div>
    </section>
  );
}
