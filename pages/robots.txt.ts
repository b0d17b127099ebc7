import type { GetServerSideProps } from 'next';
import { robotsTxt } from '@/server/services/sitemap';

/** /robots.txt — everything but the API and private pages, with the sitemap index. */
export const getServerSideProps: GetServerSideProps = async ({ res }) => {
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'public, s-maxage=86400');
  res.end(robotsTxt());
  return { props: {} };
};

export default function Robots() {
  return null;
}
