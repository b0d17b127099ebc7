import type { GetStaticPaths, GetStaticProps } from 'next';
import Head from 'next/head';
import { useRouter } from 'next/router';
import { ChapterView } from '@/components/chapter/ChapterView';
import { chapterHeading, chapterPath } from '@/components/chapter/readerStyles';
import { SITE_NAME } from '@/lib/constants';
import { publicEnv } from '@/lib/publicEnv';
import { db } from '@/server/db/client';
import type { SiteSettings } from '@/lib/types';
import { pageSettings } from '@/server/services/pageSettings';
import { loadChapterPage, parseChapterParam, type ChapterPageData } from '@/server/services/story';

/** Chapter pages are rendered on first visit and refreshed in the background (ISR). */
const REVALIDATE_S = 600;

export const getStaticPaths: GetStaticPaths = async () => ({ paths: [], fallback: 'blocking' });

export const getStaticProps: GetStaticProps<ChapterPageData & { settings: SiteSettings }> = async ({ params }) => {
  const index = parseChapterParam(params?.chapter);
  const slug = typeof params?.storyslug === 'string' ? params.storyslug : '';
  if (index === undefined || !slug) return { notFound: true, revalidate: REVALIDATE_S };
  const [data, settings] = await Promise.all([loadChapterPage(db(), slug, index), pageSettings()]);
  if (!data) return { notFound: true, revalidate: REVALIDATE_S };
  return { props: { ...data, settings }, revalidate: REVALIDATE_S };
};

export default function ChapterPage(data: ChapterPageData) {
  const router = useRouter();
  const { story, chapter, prev, next, indexable } = data;
  const heading = chapterHeading(chapter.index, chapter.title);
  const title = `${heading} - ${story.title} | ${SITE_NAME}`;
  const description = `Đọc và nghe ${heading} của truyện ${story.title} (tác giả ${story.author}) tại ${SITE_NAME}.`;
  const url = `${publicEnv.siteUrl}${chapterPath(story.slug, chapter.index)}`;
  return (
    <>
      <Head>
        <title>{title}</title>
        <meta name="description" content={description} />
        <link rel="canonical" href={url} />
        {!indexable && <meta name="robots" content="noindex, follow" />}
        {prev !== null && <link rel="prev" href={`${publicEnv.siteUrl}${chapterPath(story.slug, prev)}`} />}
        {next !== null && <link rel="next" href={`${publicEnv.siteUrl}${chapterPath(story.slug, next)}`} />}
        <meta property="og:type" content="book" />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        <meta property="og:url" content={url} />
      </Head>
      <ChapterView key={`${story._id}`} data={data} autoListen={router.query.nghe === '1'} />
    </>
  );
}
