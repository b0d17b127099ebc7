import Link from 'next/link';
import { useRouter } from 'next/router';
import { listAudit, type AuditEntry } from '@/lib/api/admin';
import { FilterTabs, ListFooter } from '../filters';
import { actionLabel, auditValue, formatDateTime } from '../format';
import { CONSOLE_URL, consoleHref, queryPage, queryParam } from '../query';
import { useAdminData } from '../useAdminData';
import { Badge, CARD, LoadState, ScreenTitle } from '../ui';

const TARGET_TYPES = [
  { value: '', label: 'Mọi đối tượng' },
  { value: 'report', label: 'Báo cáo' },
  { value: 'comment', label: 'Bình luận' },
  { value: 'review', label: 'Đánh giá' },
  { value: 'user', label: 'Tài khoản' },
  { value: 'story', label: 'Truyện' },
  { value: 'order', label: 'Đơn VIP' },
  { value: 'names', label: 'Tên riêng' },
];

/** Where the target of an entry is shown in the console, when it has a page. */
function targetHref(entry: AuditEntry): string | null {
  if (!entry.targetId) return null;
  if (entry.targetType === 'user') return `${CONSOLE_URL}/tai-khoan/${entry.targetId}`;
  if (entry.targetType === 'names') return `${CONSOLE_URL}/ten-rieng/${entry.targetId}`;
  if (entry.targetType === 'story' && entry.action !== 'story.remove' && entry.action !== 'story.lift') return `${CONSOLE_URL}/truyen/${entry.targetId}`;
  return null;
}

function Entry({ entry }: { entry: AuditEntry }) {
  const href = targetHref(entry);
  const target = `${entry.targetType}${entry.targetId ? ` #${entry.targetId}` : ''}`;
  return (
    <li className={CARD} data-testid="audit-entry">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="info">{actionLabel(entry.action)}</Badge>
        {href ? (
          <Link prefetch={false} href={href} className="text-sm font-semibold text-brand underline dark:text-brand-dark">
            {target}
          </Link>
        ) : (
          <span className="text-sm font-semibold">{target}</span>
        )}
        <span className="ml-auto text-xs tabular-nums text-ink-soft dark:text-neutral-400">{formatDateTime(entry.createdAt)}</span>
      </div>
      <p className="mt-1 text-sm">
        <span className="text-ink-soft dark:text-neutral-400">Người thực hiện: </span>
        {entry.actor?.email ?? 'dòng lệnh (cli)'}
      </p>
      {entry.note && (
        <p className="mt-1 break-words text-sm">
          <span className="text-ink-soft dark:text-neutral-400">Ghi chú: </span>
          {entry.note}
        </p>
      )}
      {(entry.before !== null || entry.after !== null) && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-semibold text-brand dark:text-brand-dark">Trước và sau</summary>
          <div className="mt-1 grid gap-2 sm:grid-cols-2">
            <div>
              <p className="text-xs font-semibold uppercase text-ink-soft dark:text-neutral-400">Trước</p>
              <pre className="overflow-x-auto whitespace-pre-wrap break-words rounded bg-paper-deep p-2 text-xs dark:bg-night">{auditValue(entry.before)}</pre>
            </div>
            <div>
              <p className="text-xs font-semibold uppercase text-ink-soft dark:text-neutral-400">Sau</p>
              <pre className="overflow-x-auto whitespace-pre-wrap break-words rounded bg-paper-deep p-2 text-xs dark:bg-night">{auditValue(entry.after)}</pre>
            </div>
          </div>
        </details>
      )}
    </li>
  );
}

/** Nhật ký: the append-only audit log, newest first; read-only by design. */
export function AuditScreen() {
  const router = useRouter();
  const targetType = queryParam(router.query, 'targetType');
  const targetId = queryParam(router.query, 'targetId');
  const action = queryParam(router.query, 'action');
  const page = queryPage(router.query);
  const params = { targetType, targetId, action };
  const entries = useAdminData(() => listAudit({ targetType, targetId, action, page }), `${targetType}|${targetId}|${action}|${page}`, router.isReady);
  return (
    <>
      <ScreenTitle title="Nhật ký thao tác" />
      <p className="mb-4 text-sm text-ink-soft dark:text-neutral-400">Mọi thao tác của quản trị viên và dòng lệnh được ghi lại ở đây và không thể sửa hay xóa.</p>
      <FilterTabs label="Đối tượng" param="targetType" current={targetType} params={params} choices={TARGET_TYPES} />
      {(targetId || action) && (
        <p className="mb-3 text-sm">
          Đang lọc {action && `theo thao tác "${actionLabel(action)}"`} {targetId && `theo mã #${targetId}`} ·{' '}
          <Link prefetch={false} href={consoleHref(`${CONSOLE_URL}/nhat-ky`, { targetType })} className="text-brand underline dark:text-brand-dark">
            Bỏ lọc
          </Link>
        </p>
      )}
      <LoadState
        state={entries.state}
        error={entries.error}
        hasData={Boolean(entries.data)}
        empty={entries.data?.results.length === 0}
        emptyTitle="Chưa có thao tác nào"
        onRetry={entries.reload}
      >
        {entries.data && (
          <>
            <ol className="space-y-3">
              {entries.data.results.map((entry) => (
                <Entry key={entry._id} entry={entry} />
              ))}
            </ol>
            <ListFooter total={entries.data.total} page={entries.data.page} perpage={entries.data.perpage} params={params} noun="thao tác" />
          </>
        )}
      </LoadState>
    </>
  );
}
