import type { GetStaticProps } from 'next';
import { Section } from '@/components/layout/Section';
import { StaticIsland } from '@/components/ui/StaticIsland';
import { Seo } from '@/components/seo/Seo';
import { StoryGrid } from '@/components/story/StoryGrid';
import { StoryList } from '@/components/story/StoryList';
import { SITE_NAME } from '@/lib/constants';
import { genreUrl, rankingUrl } from '@/lib/routes';
import { SEO, websiteJsonLd } from '@/lib/seo';
import type { SiteSettings } from '@/lib/types';
import { db } from '@/server/db/client';
import { loadHomePage, type HomePageData } from '@/server/services/catalogue';
import { getSiteSettings } from '@/server/services/settings';

interface HomeProps extends HomePageData {
  settings: SiteSettings;
  now: number;
}

/** The home page is regenerated in the background at most once a minute (ISR). */
export const getStaticProps: GetStaticProps<HomeProps> = async () => {
  const database = db();
  const [data, settings] = await Promise.all([loadHomePage(database), getSiteSettings(database)]);
  return { props: { ...data, settings, now: Date.now() }, revalidate: 60 };
};

/**
 * Sections below the first screen are laid out and painted only as they come near it
 * (`content-visibility: auto`); until then each holds an estimated height, then the one it had.
 * On a phone that is everything after the hot stories: most of the page's layout work. Only a
 * height is estimated: an intrinsic width would widen the phone's one-column grid past the screen
 * until the sections render, and the fixed elements (the welcome dialog) would move with it.
 */
const LATER = '[content-visibility:auto] [contain-intrinsic-block-size:auto_40rem]';

export default function Home({ hot, updated, completed, weekly, genreSections, now }: HomeProps) {
  return (
    <>
      <Seo title={`${SITE_NAME} - Nghe truyện audio, đọc truyện chữ online`} description={SEO.description} path="/" jsonLd={[websiteJsonLd()]} />
      <h1 className="sr-only">{SITE_NAME}: nghe truyện audio và đọc truyện chữ online</h1>
      {/* Lists of links alone: kept as the server sent them on a first load. */}
      <StaticIsland>
        <Section title="Truyện hot" moreHref={rankingUrl('hot')}>
          <StoryGrid stories={hot} />
        </Section>
        <div className="grid gap-x-8 lg:grid-cols-[1fr_20rem]">
          <Section title="Mới cập nhật" moreHref={rankingUrl('new')} className={LATER}>
            <StoryList stories={updated} now={now} />
          </Section>
          <Section title="Xem nhiều tuần" moreHref={rankingUrl('view_week')} moreLabel="Bảng xếp hạng" className={LATER}>
            <StoryList stories={weekly} firstRank={1} now={now} compact />
          </Section>
        </div>
        <Section title="Truyện hoàn thành" moreHref={rankingUrl('completed')} className={LATER}>
          <StoryGrid stories={completed} />
        </Section>
        {genreSections.map((section) => (
          <Section key={section.genre._id} title={`Truyện ${section.genre.name}`} moreHref={genreUrl(section.genre.name)} className={LATER}>
            <StoryGrid stories={section.stories} />
          </Section>
        ))}
      </StaticIsland>
    </>
  );
}
