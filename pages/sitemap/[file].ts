import type { GetServerSideProps } from 'next';
import { db } from '@/server/db/client';
import { pagesSitemap, storiesSitemap } from '@/server/services/sitemap';

/** /sitemap/trang.xml (site pages) and /sitemap/truyen-N.xml (story pages). */
export const getServerSideProps: GetServerSideProps = async ({ params, res }) => {
  const file = String(params?.file ?? '');
  const storyFile = /^truyen-([1-9]\d{0,4})\.xml$/.exec(file);
  const xml = file === 'trang.xml' ? await pagesSitemap(db()) : storyFile ? await storiesSitemap(db(), Number(storyFile[1])) : undefined;
  if (xml === undefined) return { notFound: true };
  res.setHeader('Content-Type', 'application/xml; charset=utf-8');
  res.setHeader('Cache-Control', 'public, s-maxage=3600, stale-while-revalidate=86400');
  res.end(xml);
  return { props: {} };
};

export default function SitemapFile() {
  return null;
}
