import { ArrowLeft, Check, ExternalLink, Lock, LockOpen, Trash2, X } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useId, useState, type FormEvent } from 'react';
import { useAuth } from '@/hooks/useAuth';
import {
  acceptStoryName,
  getStoryNamesAdmin,
  lockStoryName,
  rejectStoryName,
  removeStoryName,
  type AdminNameProposal,
  type AdminSharedName,
  type AdminStoryNames,
} from '@/lib/api/admin';
import { storyUrl } from '@/lib/routes';
import { formatDateTime, formatNumber, labelOf, NAME_SOURCE_LABELS } from '../format';
import { CONSOLE_URL, queryParam } from '../query';
import { useAdminData } from '../useAdminData';
import { useFormAction } from '../useFormAction';
import { Badge, BUTTON, CARD, FormError, INPUT, LABEL, LoadState } from '../ui';

/** Runs one action; whether it succeeded (its failure is shown above the lists). */
type Act = (call: () => Promise<AdminStoryNames>, done: string) => Promise<boolean>;

function ProposalCard({ storyId, proposal, threshold, act, busy }: { storyId: string; proposal: AdminNameProposal; threshold: number; act: Act; busy: boolean }) {
  const id = useId();
  const { original, translation } = proposal;
  return (
    <li className={CARD} data-testid="name-proposal">
      <div id={id}>
        <p className="text-lg font-semibold">
          <span lang="zh">{original}</span> = {translation}
        </p>
        <p className="mt-1 text-sm text-ink-soft dark:text-neutral-400">
          {formatNumber(proposal.supporters)}/{threshold} độc giả đủ điều kiện · {formatNumber(proposal.proposers)} người đề xuất · {formatDateTime(proposal.lastAt)}
        </p>
        <p className="mt-1 text-sm">
          {proposal.current ? (
            <>
              Đang dùng chung: <strong>{proposal.current.translation}</strong> {proposal.current.locked && <Badge tone="warn">Đã khóa</Badge>}
            </>
          ) : (
            'Chưa có trong danh sách dùng chung.'
          )}
        </p>
      </div>
      <ul className="mt-2 flex flex-wrap gap-1 text-xs">
        {proposal.readers.map((reader) => (
          <li key={reader._id}>
            <Link prefetch={false} href={`${CONSOLE_URL}/tai-khoan/${reader._id}`} className="rounded-full border border-ink/15 px-2 py-0.5 hover:border-brand dark:border-night-line">
              {reader.email}
              {!reader.eligible && ' (không tính)'}
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={BUTTON.primary}
          disabled={busy}
          aria-describedby={id}
          onClick={() => void act(() => acceptStoryName(storyId, { original, translation }), `Đã chấp nhận “${original}=${translation}”.`)}
        >
          <Check size={16} aria-hidden /> Chấp nhận
        </button>
        <button
          type="button"
          className={BUTTON.secondary}
          disabled={busy}
          aria-describedby={id}
          onClick={() => void act(() => rejectStoryName(storyId, { original, translation }), `Đã từ chối “${original}=${translation}”.`)}
        >
          <X size={16} aria-hidden /> Từ chối
        </button>
      </div>
    </li>
  );
}

function SharedRow({ storyId, entry, act, busy }: { storyId: string; entry: AdminSharedName; act: Act; busy: boolean }) {
  const id = useId();
  const { original, locked } = entry;
  return (
    <tr className="border-t border-ink/10 align-top dark:border-night-line" data-testid="shared-name">
      <td className="px-3 py-2" id={id}>
        <span lang="zh">{original}</span> = {entry.translation}
      </td>
      <td className="px-3 py-2 text-right tabular-nums">{formatNumber(entry.readers)}</td>
      <td className="px-3 py-2">
        <span className="flex flex-wrap gap-1">
          <Badge>{labelOf(NAME_SOURCE_LABELS, entry.source)}</Badge>
          {locked && <Badge tone="warn">Đã khóa</Badge>}
        </span>
        <span className="text-xs text-ink-soft dark:text-neutral-400">{formatDateTime(entry.sharedAt)}</span>
      </td>
      <td className="px-3 py-2">
        <span className="flex flex-wrap gap-2">
          <button
            type="button"
            className={BUTTON.secondary}
            disabled={busy}
            aria-describedby={id}
            onClick={() => void act(() => lockStoryName(storyId, { original, locked: !locked }), locked ? `Đã mở khóa “${original}”.` : `Đã khóa “${original}”.`)}
          >
            {locked ? <LockOpen size={16} aria-hidden /> : <Lock size={16} aria-hidden />} {locked ? 'Mở khóa' : 'Khóa'}
          </button>
          <button
            type="button"
            className={BUTTON.danger}
            disabled={busy}
            aria-describedby={id}
            onClick={() => void act(() => removeStoryName(storyId, { original }), `Đã gỡ “${original}” khỏi danh sách dùng chung.`)}
          >
            <Trash2 size={16} aria-hidden /> Gỡ
          </button>
        </span>
      </td>
    </tr>
  );
}

/** The operator's own entry for the shared list: a name and its form, locked or not. */
function AddSharedName({ storyId, act, busy }: { storyId: string; act: Act; busy: boolean }) {
  const id = useId();
  const [original, setOriginal] = useState('');
  const [translation, setTranslation] = useState('');
  const [locked, setLocked] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void act(() => acceptStoryName(storyId, { original: original.trim(), translation: translation.trim(), locked }), `Đã thêm “${original.trim()}” vào danh sách dùng chung.`).then((done) => {
      if (!done) return;
      setOriginal('');
      setTranslation('');
    });
  };
  return (
    <form onSubmit={submit} className={`${CARD} grid gap-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end`} aria-label="Thêm tên dùng chung">
      <div>
        <label htmlFor={`${id}-original`} className={LABEL}>
          Tên gốc (chữ Hán)
        </label>
        <input id={`${id}-original`} lang="zh" value={original} onChange={(event) => setOriginal(event.target.value)} className={INPUT} required maxLength={30} />
      </div>
      <div>
        <label htmlFor={`${id}-translation`} className={LABEL}>
          Tên Việt
        </label>
        <input id={`${id}-translation`} value={translation} onChange={(event) => setTranslation(event.target.value)} className={INPUT} required maxLength={60} />
      </div>
      <label className="inline-flex min-h-10 items-center gap-2 text-sm">
        <input type="checkbox" checked={locked} onChange={(event) => setLocked(event.target.checked)} className="size-4" /> Khóa ngay
      </label>
      <button type="submit" className={BUTTON.primary} disabled={busy || !original.trim() || !translation.trim()}>
        Thêm tên
      </button>
    </form>
  );
}

/** One story's names: pending proposals (accept, reject), the shared list (lock, unlock, remove) and an operator's own entry. */
export function StoryNamesScreen() {
  const router = useRouter();
  const { notify } = useAuth();
  const storyId = queryParam(router.query, 'id');
  const names = useAdminData(() => getStoryNamesAdmin(storyId), storyId, router.isReady && Boolean(storyId));
  const { busy, error, run } = useFormAction();
  const data = names.data;

  const act: Act = async (call, done) => {
    let succeeded = false;
    await run(async () => {
      names.replace(await call());
      notify({ text: done, tone: 'success' });
      succeeded = true;
    });
    return succeeded;
  };

  return (
    <>
      <Link prefetch={false} href={`${CONSOLE_URL}/ten-rieng`} className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-brand dark:text-brand-dark">
        <ArrowLeft size={16} aria-hidden /> Tên riêng
      </Link>
      <LoadState state={names.state} error={names.error} hasData={Boolean(data)} empty={false} emptyTitle="" onRetry={names.reload}>
        {data && (
          <div className="space-y-6">
            <div>
              <h1 className="text-xl font-bold">Tên riêng · {data.story.title}</h1>
              {!data.story.hidden && (
                <Link prefetch={false} href={storyUrl(data.story.slug)} target="_blank" className="inline-flex items-center gap-1 text-sm text-brand underline dark:text-brand-dark">
                  /{data.story.slug} <ExternalLink size={14} aria-hidden />
                </Link>
              )}
              <p className="mt-1 text-sm text-ink-soft dark:text-neutral-400">
                Một cách dịch được dùng chung khi {data.threshold} độc giả đủ điều kiện (đã xác minh email, không bị khóa, tài khoản hơn một ngày) đề xuất, trừ tên đã khóa.
              </p>
              <FormError message={error} />
            </div>
            <section aria-labelledby="name-proposals" className="space-y-3">
              <h2 id="name-proposals" className="text-lg font-bold">
                Đề xuất chờ duyệt ({formatNumber(data.proposals.length)})
              </h2>
              {data.proposals.length === 0 ? (
                <p className="text-sm">Không có đề xuất nào khác danh sách dùng chung.</p>
              ) : (
                <ul className="space-y-3">
                  {data.proposals.map((proposal) => (
                    <ProposalCard key={`${proposal.original}=${proposal.translation}`} storyId={storyId} proposal={proposal} threshold={data.threshold} act={act} busy={busy} />
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="shared-names" className="space-y-3">
              <h2 id="shared-names" className="text-lg font-bold">
                Danh sách dùng chung ({formatNumber(data.shared.length)})
              </h2>
              <AddSharedName storyId={storyId} act={act} busy={busy} />
              {data.shared.length > 0 && (
                <div className="overflow-x-auto">
                  <table className="w-full text-left text-sm">
                    <thead>
                      <tr>
                        <th scope="col" className="px-3 py-2">
                          Tên
                        </th>
                        <th scope="col" className="px-3 py-2 text-right">
                          Độc giả dùng
                        </th>
                        <th scope="col" className="px-3 py-2">
                          Nguồn
                        </th>
                        <th scope="col" className="px-3 py-2">
                          <span className="sr-only">Thao tác</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.shared.map((entry) => (
                        <SharedRow key={entry.original} storyId={storyId} entry={entry} act={act} busy={busy} />
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
          </div>
        )}
      </LoadState>
    </>
  );
}
