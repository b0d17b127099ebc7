import dynamic from 'next/dynamic';
import { AdminPage } from '@/components/admin/AdminPage';
import { ScreenLoading } from '@/components/admin/ui';

// The screen and the API client load once the account is known to be an operator.
const ReportsScreen = dynamic(() => import('@/components/admin/reports/ReportsScreen').then((module) => module.ReportsScreen), { ssr: false, loading: ScreenLoading });

/** /quan-tri/bao-cao: readers' reports and copyright requests. */
export default function ConsoleReports() {
  return (
    <AdminPage title="Báo cáo">
      <ReportsScreen />
    </AdminPage>
  );
}

ConsoleReports.layout = { bare: true };
