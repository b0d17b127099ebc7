import { ExternalLink, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useAuth } from '@/hooks/useAuth';
import { addStorySource, getStorySources, serveStorySource, type AdminSourceSwitch, type AdminStorySource } from '@/lib/api/admin';
import { formatDateTime, formatNumber } from '../format';
import { useAdminData } from '../useAdminData';
import { useFormAction } from '../useFormAction';
import { Badge, BUTTON, CARD, FormError, INPUT, LABEL, LoadState } from '../ui';

const SWITCH_LABELS: Record<string, string> = {
  'story.source.failover': 'Chuyển nguồn tự động',
  'story.source.recover': 'Trở lại nguồn ưu tiên',
  'story.source.serve': 'Người vận hành chọn nguồn',
  'story.source.add': 'Thêm nguồn',
};

function SourceRow({ source, onServe, busy }: { source: AdminStorySource; onServe: () => void; busy: boolean }) {
  const waiting = source.retryAt !== null;
  return (
    <li className="rounded-lg border border-ink/10 p-3 dark:border-night-line" data-testid="story-source-row">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{source.siteName}</span>
        {source.serving ? <Badge tone="good">Đang dùng</Badge> : <Badge>Dự phòng {source.priority}</Badge>}
        {source.failures > 0 && <Badge tone="bad">{source.failures} lỗi liên tiếp</Badge>}
        {waiting && <Badge tone="warn">Thử lại lúc {formatDateTime(source.retryAt)}</Badge>}
      </div>
      <a href={source.sourceUrl} target="_blank" rel="noopener noreferrer" className="mt-1 inline-flex items-center gap-1 break-all text-sm text-brand underline dark:text-brand-dark">
        {source.sourceUrl} <ExternalLink size={14} aria-hidden />
      </a>
      <p className="mt-1 text-sm">
        Có {formatNumber(source.aligned)} chương của truyện · trang nguồn liệt kê {formatNumber(source.chapterCount)} chương
      </p>
      {source.lastError && (
        <p className="mt-1 text-sm text-red-700 dark:text-red-400">
          Lỗi gần nhất ({formatDateTime(source.lastErrorAt)}): {source.lastError}
        </p>
      )}
      {!source.serving && (
        <button type="button" className={`${BUTTON.secondary} mt-2`} onClick={onServe} disabled={busy}>
          Dùng nguồn này
        </button>
      )}
    </li>
  );
}

function SwitchRow({ entry }: { entry: AdminSourceSwitch }) {
  return (
    <li className="text-sm" data-testid="story-source-switch">
      <span className="font-semibold">{SWITCH_LABELS[entry.action] ?? entry.action}</span>
      {entry.from && entry.to ? ` ${entry.from} → ${entry.to}` : entry.to ? ` ${entry.to}` : ''} · {formatDateTime(entry.at)}
      {entry.note && <span className="block text-ink/70 dark:text-night-muted">Lý do: {entry.note}</span>}
    </li>
  );
}

/** An embedded story's sources: which serves, their failures, the switches and why, another site's copy added. */
export function StorySources({ storyId }: { storyId: string }) {
  const { notify } = useAuth();
  const sources = useAdminData(() => getStorySources(storyId), storyId);
  const action = useFormAction();
  const [link, setLink] = useState('');
  const data = sources.data;

  const add = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      sources.replace(await addStorySource(storyId, link));
      setLink('');
      notify({ text: 'Đã thêm nguồn.', tone: 'success' });
    });
  };
  const serve = (sourceId: string) =>
    void action.run(async () => {
      sources.replace(await serveStorySource(storyId, sourceId));
      notify({ text: 'Đã đổi nguồn đang dùng.', tone: 'success' });
    });

  return (
    <section className={CARD} aria-labelledby="story-sources">
      <h2 id="story-sources" className="mb-3 font-bold">
        Các nguồn của truyện
      </h2>
      <LoadState state={sources.state} error={sources.error} hasData={Boolean(data)} empty={false} emptyTitle="" onRetry={sources.reload}>
        {data && (
          <>
            {data.allFailing && (
              <p role="alert" className="mb-3 rounded-md bg-red-50 p-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
                Mọi nguồn đều đang lỗi: truyện giữ các chương đã tải và báo cho người đọc; các nguồn được thử lại theo lịch.
              </p>
            )}
            <ul className="space-y-2">
              {data.sources.map((source) => (
                <SourceRow key={source._id} source={source} busy={action.busy} onServe={() => serve(source._id)} />
              ))}
            </ul>
            <h3 className="mt-4 mb-2 text-sm font-bold">Lịch sử đổi nguồn</h3>
            {data.switches.length === 0 ? (
              <p className="text-sm">Chưa đổi nguồn lần nào.</p>
            ) : (
              <ul className="space-y-2">
                {data.switches.map((entry, i) => (
                  <SwitchRow key={`${entry.at}-${i}`} entry={entry} />
                ))}
              </ul>
            )}
          </>
        )}
      </LoadState>
      <form className="mt-4" onSubmit={add}>
        <label htmlFor="story-source-link" className={LABEL}>
          Thêm nguồn (liên kết cùng truyện ở trang khác)
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id="story-source-link"
            className={`${INPUT} min-w-0 flex-1`}
            value={link}
            onChange={(event) => setLink(event.target.value)}
            maxLength={500}
            placeholder="https://…"
            required
          />
          <button type="submit" className={BUTTON.primary} disabled={action.busy || !link.trim()}>
            <Plus size={16} aria-hidden /> {action.busy ? 'Đang thêm…' : 'Thêm'}
          </button>
        </div>
        <FormError message={action.error} />
      </form>
    </section>
  );
}
