import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { useCallback, useEffect } from 'react';
import { EmbedForm } from '@/components/embedding/EmbedForm';
import { EmbedPreviewCard } from '@/components/embedding/EmbedPreviewCard';
import { SourceSearch } from '@/components/embedding/SourceSearch';
import { useSourceSearch } from '@/components/embedding/useSourceSearch';
import { SupportedSites, type SupportedSite } from '@/components/embedding/SupportedSites';
import { useEmbedding } from '@/components/embedding/useEmbedding';
import { SITE_NAME } from '@/lib/constants';
import type { SiteSettings } from '@/lib/types';
import { warmSourceSearch } from '@/server/services/embedding/search';
import { pageSettings } from '@/server/services/pageSettings';
import { ADAPTERS } from '@/server/sources';

interface EmbeddingProps {
  sites: SupportedSite[];
  initialLink: string;
  initialQuery: string;
  settings: SiteSettings;
}

const DESCRIPTION = 'Nhúng truyện: nơi dán liên kết từ các trang truyện Trung Quốc để đọc chương mới nhất, chuyển ngữ sang tiếng Việt và nghe audio.';

export const getServerSideProps: GetServerSideProps<EmbeddingProps> = async ({ query }) => {
  const link = typeof query.link === 'string' ? query.link.slice(0, 500) : '';
  const q = typeof query.q === 'string' ? query.q.slice(0, 100) : '';
  warmSourceSearch();
  const sites = ADAPTERS.map((adapter) => ({ id: adapter.id, name: adapter.name, host: adapter.hosts[0].replace(/^www\./, '') }));
  return { props: { sites, initialLink: link, initialQuery: q, settings: await pageSettings() } };
};

const LOADING: Record<string, string> = {
  previewing: 'Đang đọc truyện từ trang nguồn…',
  embedding: 'Đang nhúng truyện, vui lòng chờ…',
};

export default function EmbeddingPage({ sites, initialLink, initialQuery }: EmbeddingProps) {
  const { phase, preview, error, showPreview, embed } = useEmbedding();
  const { state: search, search: searchSources } = useSourceSearch(useCallback((link: string) => void showPreview(link), [showPreview]));
  useEffect(() => {
    if (initialQuery) void searchSources(initialQuery);
    // Only the query the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const busy = phase === 'previewing' || phase === 'embedding';
  return (
    <>
      <Head>
        <title>{`Nhúng truyện từ trang Trung Quốc - ${SITE_NAME}`}</title>
        <meta name="description" content={DESCRIPTION} />
        <meta property="og:title" content={`Nhúng truyện - ${SITE_NAME}`} />
        <meta property="og:description" content={DESCRIPTION} />
      </Head>
      <div className="mx-auto max-w-3xl space-y-6">
        <header>
          <h1 className="text-2xl font-bold">Nhúng truyện</h1>
          <p className="mt-2 text-ink-soft dark:text-neutral-400">
            Tìm truyện theo tên hoặc tác giả trên các trang truyện Trung Quốc, hoặc dán liên kết truyện để đọc chương mới nhất: Truyện
            Audio lấy tên truyện, tác giả, thể loại, trạng thái và các chương, chuyển ngữ sang tiếng Việt để bạn đọc và nghe, và theo
            dõi chương mới cho bạn.
          </p>
        </header>
        <SourceSearch state={search} initialQuery={initialQuery} embedding={phase === 'embedding'} onSearch={(q) => void searchSources(q)} onEmbed={(link) => void embed(link)} />
        <h2 className="font-semibold">Hoặc dán liên kết</h2>
        <EmbedForm busy={busy} initialLink={initialLink} onSubmit={(link) => void showPreview(link)} />
        <div aria-live="polite" className="min-h-6 text-sm" role="status">
          {busy && LOADING[phase]}
        </div>
        {error && (
          <p role="alert" data-testid="embed-error" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
            {error}
          </p>
        )}
        {preview && <EmbedPreviewCard preview={preview} busy={phase === 'embedding'} onEmbed={() => void embed()} />}
        <SupportedSites sites={sites} />
      </div>
    </>
  );
}
