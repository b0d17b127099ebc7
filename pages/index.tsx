import type { GetStaticProps } from 'next';
import Head from 'next/head';
import { StoryCard } from '@/components/story/StoryCard';
import { SITE_NAME } from '@/lib/constants';
import type { StoryCard as StoryCardData } from '@/lib/types';
import { db } from '@/server/db/client';
import { topStories } from '@/server/services/rankings';

interface HomeProps {
  hot: StoryCardData[];
  updated: StoryCardData[];
  completed: StoryCardData[];
}

export const getStaticProps: GetStaticProps<HomeProps> = async () => {
  const database = db();
  const [hot, updated, completed] = await Promise.all([
    topStories(database, 'hot', 0, 12),
    topStories(database, 'new', 0, 12),
    topStories(database, 'completed', 0, 12),
  ]);
  return { props: { hot: hot.results, updated: updated.results, completed: completed.results }, revalidate: 60 };
};

function Section({ title, stories }: { title: string; stories: StoryCardData[] }) {
  return (
    <section className="mb-8" aria-label={title}>
      <h2 className="mb-3 text-lg font-bold">{title}</h2>
      <div className="grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-6">
        {stories.map((story) => (
          <StoryCard key={story._id} story={story} />
        ))}
      </div>
    </section>
  );
}

export default function Home({ hot, updated, completed }: HomeProps) {
  return (
    <>
      <Head>
        <title>{`${SITE_NAME} - Nghe truyện audio, đọc truyện chữ online`}</title>
        <meta name="description" content="Truyện Audio: nghe truyện audio và đọc truyện chữ dành cho người hâm mộ Việt Nam." />
      </Head>
      <Section title="Truyện hot" stories={hot} />
      <Section title="Mới cập nhật" stories={updated} />
      <Section title="Truyện hoàn thành" stories={completed} />
    </>
  );
}
