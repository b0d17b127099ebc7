import { AdminPage } from '@/components/admin/AdminPage';
import { HealthScreen } from '@/components/admin/health/HealthScreen';

/** /quan-tri: the operator console's overview (client-rendered, operators only). */
export default function ConsoleHome() {
  return (
    <AdminPage title="Tổng quan">
      <HealthScreen />
    </AdminPage>
  );
}

ConsoleHome.layout = { bare: true };
