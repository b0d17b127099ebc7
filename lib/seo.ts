import { SITE_NAME } from './constants';
import type { Story } from './types';
import { publicEnv } from './publicEnv';

/** Site-wide search-engine metadata (spec §1). */
export const SEO = {
  description: `${SITE_NAME}: nghe truyện audio và đọc truyện chữ online miễn phí dành cho người hâm mộ Việt Nam — tiên hiệp, kiếm hiệp, ngôn tình, đô thị, huyền huyễn và hàng nghìn bộ truyện khác.`,
  keywords:
    'truyện audio, nghe truyện, đọc truyện, truyện chữ, truyện convert, tiên hiệp, kiếm hiệp, ngôn tình, đô thị, huyền huyễn, truyện full, truyện hay',
  robots: 'index, follow',
  type: 'book',
  image: '/og-image.png',
  imageWidth: 1200,
  imageHeight: 630,
  locale: 'vi_VN',
  themeLight: '#fbf7ef',
  themeDark: '#121212',
} as const;

/** The absolute URL of a path on this site, for canonical links, sitemaps and share cards. */
export function absoluteUrl(path = '/'): string {
  return `${publicEnv.siteUrl}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Page title with the site name, unless it already leads with it. */
export function pageTitle(title?: string): string {
  if (!title) return `${SITE_NAME} - Nghe truyện audio, đọc truyện chữ online`;
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
}

/** JSON for a <script type="application/ld+json">, safe inside HTML. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export function websiteJsonLd() {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SITE_NAME,
    url: absoluteUrl('/'),
    inLanguage: 'vi',
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl('/truyen')}?keyword={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbJsonLd(crumbs: Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: absoluteUrl(crumb.path) })),
  };
}

/** A story page's Book: search engines read its genres, chapters and rating from here. */
export function storyJsonLd(story: Story, description: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Book',
    name: story.title,
    author: { '@type': 'Person', name: story.author },
    url: absoluteUrl(`/${story.slug}`),
    inLanguage: 'vi',
    genre: story.genres.map((genre) => genre.name),
    numberOfPages: story.chapters,
    description,
    ...(story.cover ? { image: story.cover } : {}),
    ...(story.rating.count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: story.rating.avg, ratingCount: story.rating.count, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}
