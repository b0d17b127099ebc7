import dynamic from 'next/dynamic';
import { AdminPage } from '@/components/admin/AdminPage';
import { ScreenLoading } from '@/components/admin/ui';

// The screen and the API client load once the account is known to be an operator.
const HealthScreen = dynamic(() => import('@/components/admin/health/HealthScreen').then((module) => module.HealthScreen), { ssr: false, loading: ScreenLoading });

/** /quan-tri: the operator console's overview (client-rendered, operators only). */
export default function ConsoleHome() {
  return (
    <AdminPage title="Tổng quan">
      <HealthScreen />
    </AdminPage>
  );
}

ConsoleHome.layout = { bare: true };
