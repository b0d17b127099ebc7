import { CHAPTER_VIEWS, type ChapterViewKey } from '@/lib/embedding/chapterView';

interface ChapterViewBarProps {
  view: ChapterViewKey;
  onView: (view: ChapterViewKey) => void;
  /** Whether the chapter's words can be inspected now. */
  inspecting: boolean;
  onInspect: () => void;
}

const choice = (selected: boolean) =>
  `min-h-9 rounded-md px-2.5 py-1 text-sm sm:px-3 ${selected ? 'bg-brand font-semibold text-white dark:bg-brand-dark dark:text-night' : 'hover:bg-ink/10 dark:hover:bg-white/10'}`;

/** An embedded chapter's views (Việt, Hán Việt, Trung, Song ngữ) and the word inspector for the keyboard. */
export function ChapterViewBar({ view, onView, inspecting, onInspect }: ChapterViewBarProps) {
  return (
    <div className="mb-5 flex flex-wrap items-center justify-center gap-2 font-sans" data-testid="chapter-views">
      <div role="group" aria-label="Chế độ hiển thị" className="inline-flex flex-wrap rounded-lg border border-ink/15 p-0.5 dark:border-white/15">
        {CHAPTER_VIEWS.map((option) => (
          <button key={option.key} type="button" title={option.description} aria-pressed={view === option.key} onClick={() => onView(option.key)} className={choice(view === option.key)}>
            {option.label}
          </button>
        ))}
      </div>
      <button type="button" aria-pressed={inspecting} onClick={onInspect} title="Chạm hoặc nhấn Enter vào một từ để xem nghĩa và sửa" className={`${choice(false)} border border-ink/15 dark:border-white/15`}>
        Tra từ
      </button>
    </div>
  );
}
