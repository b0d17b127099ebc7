import { useId, useState } from 'react';
import { proposeName, withdrawNameProposal, type StoryNames } from '@/lib/api/embedding';
import { HINT, SMALL_BUTTON, type NoticeState } from './ui';

interface Row {
  original: string;
  translation: string;
  proposal: { translation: string; supporters: number } | null;
  lockedAs: string | null;
}

/** The reader's names that differ from the shared list, or that they proposed. */
function rowsOf(data: StoryNames): Row[] {
  const proposals = new Map(data.proposals.map((proposal) => [proposal.original, proposal]));
  const locked = new Map(data.shared.filter((entry) => entry.locked).map((entry) => [entry.original, entry.translation]));
  return Object.entries(data.mine)
    .filter(([original, translation]) => data.names[original] !== translation || proposals.has(original))
    .map(([original, translation]) => ({ original, translation, proposal: proposals.get(original) ?? null, lockedAs: locked.get(original) ?? null }));
}

/** "Đề xuất dùng chung" for each of the reader's own names, and where each proposal stands. */
export function ProposalList(props: { storyId: string; data: StoryNames; onChanged: (data: StoryNames, notice: NoticeState) => void; onNotice: (notice: NoticeState) => void }) {
  const { storyId, data, onChanged, onNotice } = props;
  const id = useId();
  const [busy, setBusy] = useState<string | null>(null);
  const rows = rowsOf(data);
  if (rows.length === 0) return null;

  const act = async (row: Row, withdraw: boolean) => {
    setBusy(row.original);
    const answer = withdraw ? await withdrawNameProposal(storyId, row.original) : await proposeName(storyId, row.original, row.translation);
    setBusy(null);
    if (!answer.ok) return onNotice({ tone: 'error', lines: [answer.message] });
    const shared = answer.data.names[row.original] === row.translation;
    const text = withdraw
      ? `Đã rút đề xuất “${row.original}=${row.translation}”.`
      : shared
        ? `“${row.original}=${row.translation}” đã thành tên dùng chung của truyện.`
        : `Đã đề xuất “${row.original}=${row.translation}”. Tên sẽ được dùng chung khi đủ ${answer.data.threshold} độc giả đề xuất hoặc khi quản trị viên chấp nhận.`;
    onChanged(answer.data, { tone: 'done', lines: [text] });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2">
      <h3 id={`${id}-title`} className="font-semibold">
        Đề xuất cho danh sách chung
      </h3>
      <p className={HINT}>Các tên dưới đây chỉ áp dụng cho bạn. Đề xuất một tên để mọi độc giả cùng dùng.</p>
      <ul className="max-h-96 divide-y divide-ink/10 overflow-auto rounded-lg border border-ink/10 dark:divide-night-line dark:border-night-line">
        {rows.map((row, index) => {
          const rowId = `${id}-${index}`;
          const proposed = row.proposal?.translation === row.translation;
          return (
            <li key={row.original} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2 text-sm">
              <span id={rowId} className="min-w-0 flex-1 break-words">
                <span lang="zh">{row.original}</span> = {row.translation}
                {proposed && (
                  <span className="block text-xs text-ink-soft dark:text-neutral-400">
                    Đã đề xuất · {row.proposal!.supporters}/{data.threshold} độc giả
                  </span>
                )}
                {row.lockedAs !== null && (
                  <span className="block text-xs text-ink-soft dark:text-neutral-400">Tên dùng chung “{row.lockedAs}” đã được quản trị viên khóa.</span>
                )}
              </span>
              {proposed ? (
                <button type="button" className={SMALL_BUTTON} disabled={busy !== null} aria-describedby={rowId} onClick={() => void act(row, true)}>
                  Rút đề xuất
                </button>
              ) : (
                <button type="button" className={SMALL_BUTTON} disabled={busy !== null || row.lockedAs !== null} aria-describedby={rowId} onClick={() => void act(row, false)}>
                  Đề xuất dùng chung
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
