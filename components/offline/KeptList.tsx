import { BookOpen, Headphones, Trash2 } from 'lucide-react';
import Link from 'next/link';
import { chapterHeading, chapterPath } from '@/components/chapter/readerStyles';
import { EmptyState } from '@/components/ui/EmptyState';
import { useKeptChapters } from '@/hooks/useKeptChapters';
import { formatBytes } from '@/lib/offline/format';

const removeButton =
  'inline-flex min-h-9 shrink-0 items-center gap-1 rounded-full border border-ink/20 px-3 py-1 text-sm hover:bg-ink/5 dark:border-night-line dark:hover:bg-white/5';

/**
 * The chapters kept on this device, by story, each a link that opens offline; with their sizes
 * and the storage used, and buttons that remove them (`removable`).
 */
export function KeptList({ removable = true }: { removable?: boolean }) {
  const { stories, storage, failed, remove } = useKeptChapters();
  if (stories === null) {
    return (
      <p role="status" className="text-ink-soft dark:text-neutral-400">
        Đang tải…
      </p>
    );
  }
  return (
    <div className="space-y-4" data-testid="kept-list">
      {storage && (
        <p className="text-sm text-ink-soft dark:text-neutral-400" data-testid="kept-storage">
          Bộ nhớ của trang trên máy: đã dùng {formatBytes(storage.usage)} / {formatBytes(storage.quota)}
          {storage.persisted ? ' · được giữ lâu dài' : ''}.
        </p>
      )}
      {failed && <EmptyState title="Không đọc được dữ liệu đã tải trên máy." tone="error" />}
      {!failed && stories.length === 0 && (
        <EmptyState title="Chưa có chương nào được tải về máy.">
          Mở một truyện hoặc một chương và chọn “Tải để nghe offline” để đọc và nghe khi không có mạng.
        </EmptyState>
      )}
      {stories.map((story) => (
        <section
          key={story.storyId}
          aria-label={story.title}
          className="rounded-xl border border-ink/10 bg-white/60 p-4 dark:border-night-line dark:bg-night-raised"
          data-testid="kept-story"
        >
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h2 className="font-semibold">{story.title}</h2>
              <p className="text-xs text-ink-soft dark:text-neutral-400">
                {story.author} · {story.chapters.length} chương · {formatBytes(story.bytes)}
              </p>
            </div>
            {removable && (
              <button type="button" onClick={() => void remove(story.storyId)} className={removeButton} aria-label={`Xóa cả truyện đã tải: ${story.title}`}>
                <Trash2 size={14} aria-hidden /> Xóa cả truyện
              </button>
            )}
          </div>
          <ul className="mt-3 divide-y divide-ink/10 dark:divide-night-line">
            {story.chapters.map((chapter) => (
              <li key={chapter.key} className="flex items-center gap-3 py-2" data-testid="kept-chapter">
                <Link prefetch={false} href={chapterPath(story.slug, chapter.index)} className="flex min-w-0 flex-1 items-center gap-2 hover:text-brand dark:hover:text-brand-dark">
                  <BookOpen size={16} aria-hidden className="shrink-0 opacity-60" />
                  <span className="truncate">{chapterHeading(chapter.index, chapter.title)}</span>
                </Link>
                {chapter.audio && <Headphones size={16} aria-label="Có âm thanh" className="shrink-0 opacity-60" />}
                {chapter.vip && <span className="shrink-0 rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">VIP</span>}
                <span className="shrink-0 text-xs text-ink-soft tabular-nums dark:text-neutral-400">{formatBytes(chapter.bytes)}</span>
                {removable && (
                  <button
                    type="button"
                    onClick={() => void remove(story.storyId, chapter.index)}
                    className="shrink-0 rounded-full p-2 hover:bg-ink/5 dark:hover:bg-white/5"
                    aria-label={`Xóa chương ${chapter.index} của ${story.title}`}
                  >
                    <Trash2 size={16} aria-hidden />
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
