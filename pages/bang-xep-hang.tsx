import type { GetServerSideProps } from 'next';
import { RankingPage } from '@/components/ranking/RankingPage';
import { rankingUrl } from '@/lib/routes';
import { db } from '@/server/db/client';
import { parseRankingRequest, rankingPageData, type RankingPageData } from '@/server/services/rankingPage';

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * /bang-xep-hang?sort=…&page=…: well-formed requests are rewritten to the cached page
 * /bang-xep-hang/{sort}/{page} (next.config.js); this server-rendered route answers the rest: an
 * unknown ranking or page is sent to the default one rather than shown empty.
 */
export const getServerSideProps: GetServerSideProps<RankingPageData> = async ({ query, res }) => {
  const request = parseRankingRequest(first(query.sort), first(query.page));
  if (!request.ok) return { redirect: { destination: rankingUrl(request.sort), permanent: false } };
  res.setHeader('Cache-Control', 'public, s-maxage=60, stale-while-revalidate=300');
  return { props: await rankingPageData(db(), request.sort, request.page) };
};

export default RankingPage;
