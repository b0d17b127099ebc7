import type { GetStaticPaths, GetStaticProps } from 'next';
import { RankingPage } from '@/components/ranking/RankingPage';
import { rankingUrl } from '@/lib/routes';
import { db } from '@/server/db/client';
import { parseRankingRequest, rankingPageData, type RankingPageData } from '@/server/services/rankingPage';

/** Rankings change every few minutes (their windows are recomputed every 5). */
const REVALIDATE_S = 60;

/**
 * The cached ranking page behind /bang-xep-hang?sort=…&page=… (rewritten in next.config.js): each
 * ranking and page is rendered once a minute at most, instead of on every visit.
 */
export const getStaticPaths: GetStaticPaths = async () => ({ paths: [], fallback: 'blocking' });

export const getStaticProps: GetStaticProps<RankingPageData, { sort: string; page: string }> = async ({ params }) => {
  const request = parseRankingRequest(params?.sort, params?.page);
  if (!request.ok) return { redirect: { destination: rankingUrl(request.sort), permanent: false }, revalidate: REVALIDATE_S };
  return { props: await rankingPageData(db(), request.sort, request.page), revalidate: REVALIDATE_S };
};

export default RankingPage;
