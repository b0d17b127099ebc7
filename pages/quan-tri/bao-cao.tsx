import { AdminPage } from '@/components/admin/AdminPage';
import { ReportsScreen } from '@/components/admin/reports/ReportsScreen';

/** /quan-tri/bao-cao: readers' reports and copyright requests. */
export default function ConsoleReports() {
  return (
    <AdminPage title="Báo cáo">
      <ReportsScreen />
    </AdminPage>
  );
}

ConsoleReports.layout = { bare: true };
