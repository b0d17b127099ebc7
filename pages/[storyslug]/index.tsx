import type { GetStaticPaths, GetStaticProps } from 'next';
import dynamic from 'next/dynamic';
import Head from 'next/head';
import { NamesEditor } from '@/components/embedding/NamesEditor';
import { ChapterList } from '@/components/story/ChapterList';
import { StoryCard } from '@/components/story/StoryCard';
import { StoryDetail } from '@/components/story/StoryDetail';
import { StaticIsland } from '@/components/ui/StaticIsland';
import { WhenNear } from '@/components/ui/WhenNear';
import { SITE_NAME } from '@/lib/constants';
import { publicEnv } from '@/lib/publicEnv';
import { jsonLdText, storyJsonLd } from '@/lib/seo';
import { db } from '@/server/db/client';
import { pageSettings } from '@/server/services/pageSettings';
import { loadStoryPage, type StoryPageData } from '@/server/services/story';
import type { SiteSettings } from '@/lib/types';

// Reviews and comments load in the browser when scrolled near (their code and the API client too).
const StoryReviews = dynamic(() => import('@/components/reviews/StoryReviews').then((module) => module.StoryReviews), { ssr: false });
const Comments = dynamic(() => import('@/components/comments/Comments').then((module) => module.Comments), { ssr: false });

/** Story pages are rendered on first visit and refreshed in the background (ISR). */
const REVALIDATE_S = 120;
const DESCRIPTION_CHARS = 160;

export const getStaticPaths: GetStaticPaths = async () => ({ paths: [], fallback: 'blocking' });

export const getStaticProps: GetStaticProps<StoryPageData & { settings: SiteSettings }> = async ({ params }) => {
  const slug = typeof params?.storyslug === 'string' ? params.storyslug : '';
  const [data, settings] = await Promise.all([slug ? loadStoryPage(db(), slug) : undefined, pageSettings()]);
  if (!data) return { notFound: true, revalidate: REVALIDATE_S };
  return { props: { ...data, settings }, revalidate: REVALIDATE_S };
};

function summary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > DESCRIPTION_CHARS ? `${flat.slice(0, DESCRIPTION_CHARS - 1).trimEnd()}…` : flat;
}

export default function StoryPage({ story, chapters, related, indexable }: StoryPageData) {
  const url = `${publicEnv.siteUrl}/${story.slug}`;
  const title = `${story.title} - ${story.author} | ${SITE_NAME}`;
  const description = summary(story.description) || `Đọc và nghe truyện ${story.title} của ${story.author} tại ${SITE_NAME}.`;
  const jsonLd = storyJsonLd(story, summary(story.description));
  const firstChapter = chapters.results[0]?.index ?? null;
  return (
    <>
      <Head>
        <title>{title}</title>
        <meta name="description" content={description} />
        <link rel="canonical" href={url} />
        {!indexable && <meta name="robots" content="noindex, follow" />}
        <meta property="og:type" content="book" />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        <meta property="og:url" content={url} />
        {story.cover && <meta property="og:image" content={story.cover} />}
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(jsonLd) }} />
      </Head>
      <div className="space-y-10 pb-16">
        <StoryDetail story={story} firstChapter={firstChapter} />
        <section aria-labelledby="chapters-heading">
          <h2 id="chapters-heading" className="mb-3 text-lg font-bold">
            Danh sách chương
          </h2>
          <ChapterList storyId={story._id} slug={story.slug} total={chapters.total} initial={chapters} />
        </section>
        {story.origin === 'embedded' && <NamesEditor storyId={story._id} slug={story.slug} />}
        <section id="danh-gia" data-story={story._id}>
          <WhenNear className="min-h-40">
            <StoryReviews truyenId={story._id} storyTitle={story.title} />
          </WhenNear>
        </section>
        <section id="binh-luan" data-story={story._id}>
          <WhenNear className="min-h-40">
            <Comments truyenId={story._id} />
          </WhenNear>
        </section>
        {related.length > 0 && (
          <section aria-labelledby="related-heading">
            <h2 id="related-heading" className="mb-3 text-lg font-bold">
              Truyện liên quan
            </h2>
            <StaticIsland className="grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-6">
              {related.map((card) => (
                <StoryCard key={card._id} story={card} />
              ))}
            </StaticIsland>
          </section>
        )}
      </div>
    </>
  );
}
