import { Lock } from 'lucide-react';
import { useId, useState } from 'react';
import type { StoryNames } from '@/lib/api/embedding';
import { HINT, SMALL_BUTTON } from './ui';

const FIRST_SHOWN = 50;

/** The story's shared names (what every reader reads), with how many readers use each one. */
export function SharedNamesList({ data }: { data: StoryNames }) {
  const id = useId();
  const [all, setAll] = useState(false);
  const shown = all ? data.shared : data.shared.slice(0, FIRST_SHOWN);
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2">
      <h3 id={`${id}-title`} className="font-semibold">
        Tên dùng chung của truyện
      </h3>
      <p className={HINT}>
        Mọi độc giả đọc truyện với các tên này. Một tên được dùng chung khi quản trị viên chấp nhận, hoặc khi {data.threshold} độc giả đề xuất cùng một cách dịch.
      </p>
      {data.shared.length === 0 ? (
        <p className="text-sm">Truyện chưa có tên dùng chung.</p>
      ) : (
        <>
          {/* Focusable, so keyboard readers can scroll a long list. */}
          <div tabIndex={0} role="region" aria-label="Bảng tên dùng chung" className="max-h-96 overflow-auto rounded-lg border border-ink/10 dark:border-night-line">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Tên dùng chung và số độc giả dùng mỗi tên</caption>
              <thead className="sticky top-0 bg-paper dark:bg-night-raised">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Tên gốc
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Tên Việt
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    Độc giả dùng
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((entry) => (
                  <tr key={entry.original} className="border-t border-ink/10 dark:border-night-line">
                    <td lang="zh" className="px-3 py-2">
                      {entry.original}
                    </td>
                    <td className="px-3 py-2">
                      {entry.translation}
                      {entry.locked && (
                        <span className="ml-2 inline-flex items-center gap-1 text-xs text-ink-soft dark:text-neutral-400">
                          <Lock aria-hidden className="size-3" /> đã khóa
                        </span>
                      )}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{entry.readers}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.shared.length > FIRST_SHOWN && (
            <button type="button" className={SMALL_BUTTON} onClick={() => setAll(!all)} aria-expanded={all}>
              {all ? 'Thu gọn' : `Xem cả ${data.shared.length} tên`}
            </button>
          )}
        </>
      )}
    </section>
  );
}
