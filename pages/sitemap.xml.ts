import type { GetServerSideProps } from 'next';
import { db } from '@/server/db/client';
import { sitemapIndex } from '@/server/services/sitemap';

/** /sitemap.xml — the sitemap index (pages + stories in files of 10,000). */
export const getServerSideProps: GetServerSideProps = async ({ res }) => {
  res.setHeader('Content-Type', 'application/xml; charset=utf-8');
  res.setHeader('Cache-Control', 'public, s-maxage=3600, stale-while-revalidate=86400');
  res.end(await sitemapIndex(db()));
  return { props: {} };
};

export default function SitemapIndex() {
  return null;
}
