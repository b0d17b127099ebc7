import Link from 'next/link';
import { useRouter } from 'next/router';
import { listReports, type Report, type ReportStatus } from '@/lib/api/admin';
import { FilterTabs, ListFooter } from '../filters';
import { REPORT_REASON_LABELS, REPORT_STATUS_LABELS } from '../format';
import { CONSOLE_URL, queryChoice, queryPage } from '../query';
import { useAdminData } from '../useAdminData';
import { LoadState, ScreenTitle } from '../ui';
import { WritingItem } from './WritingItem';

const STATUSES = ['new', 'in_progress', 'resolved', 'rejected'] as const;
const KINDS = ['comment', 'review'] as const;

export interface ReportedWriting {
  targetId: string;
  report: Report;
  /** Reports on this target in the page, with their reasons. */
  count: number;
  reasons: string[];
}

/** The reports of one page grouped by what they point at, in the order first reported. */
export function groupByTarget(reports: Report[]): ReportedWriting[] {
  const groups = new Map<string, ReportedWriting>();
  for (const report of reports) {
    if (!report.targetId || !report.target) continue;
    const group = groups.get(report.targetId);
    const reason = REPORT_REASON_LABELS[report.reason] ?? report.reason;
    if (group) {
      group.count += 1;
      if (!group.reasons.includes(reason)) group.reasons.push(reason);
    } else groups.set(report.targetId, { targetId: report.targetId, report, count: 1, reasons: [reason] });
  }
  return [...groups.values()];
}

/**
 * Bình luận & đánh giá: the comments and reviews readers reported, one row per item, to hide or
 * restore with a reason. Everything one account wrote is on its page under Tài khoản.
 */
export function ModerationScreen() {
  const router = useRouter();
  const kind = queryChoice(router.query, 'kind', KINDS) ?? 'comment';
  const status = queryChoice<ReportStatus>(router.query, 'status', STATUSES) ?? 'new';
  const page = queryPage(router.query);
  const params = { kind, status };
  const reports = useAdminData(() => listReports({ targetType: kind, status, page, perpage: 50 }), `${kind}|${status}|${page}`, router.isReady);
  const groups = reports.data ? groupByTarget(reports.data.results) : [];
  return (
    <>
      <ScreenTitle title="Bình luận & đánh giá" />
      <p className="mb-4 text-sm text-ink-soft dark:text-neutral-400">
        Nội dung độc giả đã báo cáo. Ẩn một nội dung sẽ đóng các báo cáo đang mở về nó. Để xem mọi bài viết của một người, mở trang của họ trong{' '}
        <Link prefetch={false} href={`${CONSOLE_URL}/tai-khoan`} className="text-brand underline dark:text-brand-dark">
          Tài khoản
        </Link>
        .
      </p>
      <FilterTabs
        label="Loại nội dung"
        param="kind"
        current={kind}
        params={params}
        choices={[
          { value: 'comment', label: 'Bình luận' },
          { value: 'review', label: 'Đánh giá' },
        ]}
      />
      <FilterTabs label="Trạng thái báo cáo" param="status" current={status} params={params} choices={STATUSES.map((value) => ({ value, label: REPORT_STATUS_LABELS[value] }))} />
      <LoadState
        state={reports.state}
        error={reports.error}
        hasData={Boolean(reports.data)}
        empty={groups.length === 0}
        emptyTitle="Không có nội dung nào cần xem"
        onRetry={reports.reload}
      >
        {reports.data && (
          <>
            <ul className="space-y-3">
              {groups.map(({ targetId, report, count, reasons }) => (
                <WritingItem
                  key={`${targetId}-${report.target!.hidden}`}
                  kind={kind === 'comment' ? 'comments' : 'reviews'}
                  writing={{ _id: targetId, story: report.target!.story, content: report.target!.content ?? '', hidden: report.target!.hidden, createdAt: report.createdAt }}
                  context={
                    <>
                      {count} báo cáo · {reasons.join(', ')}
                      {report.target!.author && (
                        <>
                          {' '}
                          · Người viết:{' '}
                          <Link prefetch={false} href={`${CONSOLE_URL}/tai-khoan/${report.target!.author._id}`} className="font-semibold text-brand underline dark:text-brand-dark">
                            {report.target!.author.username}
                          </Link>
                        </>
                      )}
                    </>
                  }
                  onChanged={reports.reload}
                />
              ))}
            </ul>
            <ListFooter total={reports.data.total} page={reports.data.page} perpage={reports.data.perpage} params={params} noun="báo cáo" />
          </>
        )}
      </LoadState>
    </>
  );
}
