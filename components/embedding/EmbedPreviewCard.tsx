import { BookPlus, Loader2 } from 'lucide-react';
import Link from 'next/link';
import { StoryCover } from '@/components/story/StoryCover';
import type { EmbedPreview } from '@/lib/api/embedding';
import { STATUS_NAMES } from '@/lib/constants';

interface Props {
  preview: EmbedPreview;
  busy: boolean;
  onEmbed: () => void;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="w-28 shrink-0 text-ink-soft dark:text-neutral-400">{label}</dt>
      <dd className="min-w-0 flex-1">{children}</dd>
    </div>
  );
}

/** What the link points at, in Vietnamese with the Chinese original, and the "Nhúng" button. */
export function EmbedPreviewCard({ preview, busy, onEmbed }: Props) {
  return (
    <article aria-labelledby="embed-preview-title" data-testid="embed-preview" className="rounded-lg border border-ink/10 p-4 dark:border-night-line">
      <div className="flex flex-col gap-4 sm:flex-row">
        <div className="w-32 shrink-0 self-center sm:self-start">
          <StoryCover title={preview.title} cover={preview.cover} />
        </div>
        <div className="min-w-0 flex-1">
          <h2 id="embed-preview-title" className="text-xl font-bold">
            {preview.title}
          </h2>
          <p lang="zh" className="text-ink-soft dark:text-neutral-400">
            {preview.originalTitle}
          </p>
          <dl className="mt-3 space-y-1 text-sm">
            <Row label="Tác giả">
              {preview.author} <span lang="zh" className="text-ink-soft dark:text-neutral-400">({preview.originalAuthor})</span>
            </Row>
            <Row label="Thể loại">{preview.genres.join(', ')}</Row>
            <Row label="Trạng thái">{STATUS_NAMES[preview.status]}</Row>
            <Row label="Số chương">{preview.chapterCount}</Row>
            {preview.latestChapter && <Row label="Chương mới nhất">{preview.latestChapter.title}</Row>}
            <Row label="Nguồn">{preview.site.name}</Row>
          </dl>
        </div>
      </div>
      {preview.description && (
        <p className="mt-4 whitespace-pre-line font-serif text-sm leading-relaxed">{preview.description}</p>
      )}
      {preview.chapter && (
        <p className="mt-4 rounded bg-paper-deep p-3 text-sm dark:bg-night-raised">
          Liên kết này là một chương: sau khi nhúng sẽ mở <strong>{preview.chapter.title}</strong>.
        </p>
      )}
      {preview.existing && (
        <p className="mt-4 text-sm">
          Truyện đã có trên Truyện Audio:{' '}
          <Link prefetch={false} href={`/${preview.existing.slug}`} className="font-semibold text-brand underline dark:text-brand-dark">
            mở truyện
          </Link>
          .
        </p>
      )}
      <button
        type="button"
        onClick={onEmbed}
        disabled={busy}
        className="mt-4 inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand px-5 py-3 font-semibold text-white hover:bg-brand/90 disabled:opacity-60 sm:w-auto dark:bg-brand-dark dark:text-night"
      >
        {busy ? <Loader2 aria-hidden className="h-5 w-5 animate-spin" /> : <BookPlus aria-hidden className="h-5 w-5" />}
        Nhúng
      </button>
    </article>
  );
}
