import Head from 'next/head';
import { SITE_NAME } from '@/lib/constants';
import { absoluteUrl, pageTitle, SEO } from '@/lib/seo';

/**
 * Site-wide metadata of spec §1 on every page (robots, keywords, book type, share image,
 * viewport). Pages override title, description and robots with their own tags of the same name.
 */
export function DefaultSeo() {
  return (
    <Head>
      <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
      <title>{pageTitle()}</title>
      <meta name="description" content={SEO.description} />
      <meta name="robots" content={SEO.robots} />
      <meta name="keywords" content={SEO.keywords} />
      <meta property="og:type" content={SEO.type} key="og:type" />
      <meta property="og:site_name" content={SITE_NAME} key="og:site_name" />
      <meta property="og:locale" content={SEO.locale} key="og:locale" />
      <meta property="og:image" content={absoluteUrl(SEO.image)} key="og:image" />
      <meta property="og:image:width" content={String(SEO.imageWidth)} key="og:image:width" />
      <meta property="og:image:height" content={String(SEO.imageHeight)} key="og:image:height" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:image" content={absoluteUrl(SEO.image)} />
    </Head>
  );
}
