import { useRouter } from 'next/router';
import { listReports, type ReportStatus, type ReportTargetType } from '@/lib/api/admin';
import { FilterTabs, ListFooter } from '../filters';
import { REPORT_STATUS_LABELS, REPORT_TARGET_LABELS } from '../format';
import { queryChoice, queryPage } from '../query';
import { useAdminData } from '../useAdminData';
import { LoadState, ScreenTitle } from '../ui';
import { ReportCard } from './ReportCard';

const STATUSES = ['new', 'in_progress', 'resolved', 'rejected'] as const;
const TARGETS = ['comment', 'review', 'story', 'copyright'] as const;

/**
 * Báo cáo: readers' reports and copyright requests, newest first, filtered by status (the open
 * ones, "Mới", by default; `?status=all` for every one) and by kind.
 */
export function ReportsScreen() {
  const router = useRouter();
  const statusParam = router.query.status === 'all' ? 'all' : (queryChoice<ReportStatus>(router.query, 'status', STATUSES) ?? 'new');
  const targetType = queryChoice<ReportTargetType>(router.query, 'targetType', TARGETS);
  const page = queryPage(router.query);
  const status = statusParam === 'all' ? undefined : statusParam;
  const params = { status: statusParam, targetType: targetType ?? '' };
  const reports = useAdminData(() => listReports({ status, targetType, page }), `${statusParam}|${targetType}|${page}`, router.isReady);

  return (
    <>
      <ScreenTitle title="Báo cáo" />
      <FilterTabs
        label="Trạng thái"
        param="status"
        current={statusParam}
        params={params}
        choices={[...STATUSES.map((value) => ({ value, label: REPORT_STATUS_LABELS[value] })), { value: 'all', label: 'Tất cả' }]}
      />
      <FilterTabs
        label="Loại nội dung"
        param="targetType"
        current={targetType ?? ''}
        params={params}
        choices={[{ value: '', label: 'Mọi loại' }, ...TARGETS.map((value) => ({ value, label: REPORT_TARGET_LABELS[value] }))]}
      />
      <LoadState
        state={reports.state}
        error={reports.error}
        hasData={Boolean(reports.data)}
        empty={reports.data?.results.length === 0}
        emptyTitle="Không có báo cáo nào"
        emptyHint="Hàng đợi trống với bộ lọc này."
        onRetry={reports.reload}
      >
        {reports.data && (
          <>
            <ul className="space-y-3">
              {reports.data.results.map((report) => (
                <li key={report._id}>
                  <ReportCard report={report} onChanged={reports.reload} />
                </li>
              ))}
            </ul>
            <ListFooter total={reports.data.total} page={reports.data.page} perpage={reports.data.perpage} params={params} noun="báo cáo" />
          </>
        )}
      </LoadState>
    </>
  );
}
