import { BookOpen, Trash2 } from 'lucide-react';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { ExportButton } from '@/components/export/ExportButton';
import { StoryCover } from '@/components/story/StoryCover';
import { useReadings } from '@/hooks/useReadings';
import type { Bookmark } from '@/lib/types';

const chapterHref = (slug: string, chapter: number) => `/${slug}/chuong-${Math.max(1, chapter)}`;

function when(time: number): string | null {
  if (!time) return null;
  return new Intl.DateTimeFormat('vi-VN', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(time));
}

function Entry({ item, action, actionLabel }: { item: Bookmark; action: () => Promise<boolean>; actionLabel: string }) {
  const [busy, setBusy] = useState(false);
  const story = item.story!;
  const date = when(item.time);
  return (
    <li className="flex gap-3 rounded-xl border border-ink/10 bg-white/60 p-3 dark:border-night-line dark:bg-night-raised" data-testid="cabinet-entry">
      <Link prefetch={false} href={`/${story.slug}`} className="w-14 shrink-0" tabIndex={-1} aria-hidden>
        <StoryCover title={story.title} cover={story.cover} />
      </Link>
      <div className="min-w-0 flex-1">
        <Link prefetch={false} href={`/${story.slug}`} className="line-clamp-2 font-semibold hover:text-brand dark:hover:text-brand-dark">
          {story.title}
        </Link>
        {(item.newChapters ?? 0) > 0 && (
          <span className="mt-1 inline-block rounded-full bg-brand px-2 py-0.5 text-xs font-semibold text-white dark:bg-brand-dark dark:text-night" data-testid="cabinet-new-chapters">
            {item.newChapters} chương mới
          </span>
        )}
        <p className="truncate text-xs text-ink-soft dark:text-neutral-400">{story.author}</p>
        <p className="text-sm">
          Đang đọc chương {item.chapter}
          {story.chapters > 0 && <span className="text-ink-soft dark:text-neutral-400">/{story.chapters}</span>}
          {date && <span className="text-xs text-ink-soft dark:text-neutral-400"> · {date}</span>}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Link prefetch={false} href={chapterHref(story.slug, item.chapter)} className="inline-flex items-center gap-1 rounded-full bg-brand px-3 py-1 text-sm font-semibold text-white dark:bg-brand-dark dark:text-night">
            <BookOpen size={14} aria-hidden /> Đọc tiếp
          </Link>
          {story.chapters > 0 && <ExportButton compact book={{ storyId: story._id, slug: story.slug, title: story.title, latest: story.chapters }} from={item.chapter} />}
          <button
            type="button"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              await action();
              setBusy(false);
            }}
            aria-label={`${actionLabel}: ${story.title}`}
            className="inline-flex items-center gap-1 rounded-full border border-ink/20 px-3 py-1 text-sm hover:bg-ink/5 disabled:opacity-50 dark:border-night-line dark:hover:bg-white/5"
          >
            <Trash2 size={14} aria-hidden /> {actionLabel}
          </button>
        </div>
      </div>
    </li>
  );
}

function Section({ title, empty, children, count }: { title: string; empty: string; children: React.ReactNode; count: number }) {
  return (
    <section aria-label={title} className="mb-8">
      <h2 className="mb-3 text-lg font-bold">
        {title} <span className="text-sm font-normal text-ink-soft dark:text-neutral-400">({count})</span>
      </h2>
      {count === 0 ? <p className="text-ink-soft dark:text-neutral-400">{empty}</p> : <ul className="grid gap-3 sm:grid-cols-2">{children}</ul>}
    </section>
  );
}

/** /user?tab=favorites: the story cabinet (saved stories) and the reading history. */
export function FavoritesTab() {
  const { bookmarks, setSaved, forget, refreshBookmarks } = useReadings();
  useEffect(() => {
    void refreshBookmarks();
  }, [refreshBookmarks]);
  const withStory = bookmarks.filter((item) => item.story).sort((a, b) => b.time - a.time);
  const saved = withStory.filter((item) => item.save);
  const ref = (item: Bookmark) => ({ _id: item._id, slug: item.story!.slug, title: item.story!.title });
  return (
    <>
      <Section title="Truyện đã lưu" count={saved.length} empty="Bạn chưa lưu truyện nào. Bấm “Lưu truyện” ở trang truyện để thêm vào tủ.">
        {saved.map((item) => (
          <Entry key={item._id} item={item} actionLabel="Bỏ lưu" action={() => setSaved(ref(item), false)} />
        ))}
      </Section>
      <Section title="Lịch sử đọc" count={withStory.length} empty="Bạn chưa đọc truyện nào.">
        {withStory.map((item) => (
          <Entry key={item._id} item={item} actionLabel="Xóa" action={() => forget(ref(item))} />
        ))}
      </Section>
    </>
  );
}
