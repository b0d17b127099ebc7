import dynamic from 'next/dynamic';
import { AdminPage } from '@/components/admin/AdminPage';
import { ScreenLoading } from '@/components/admin/ui';

// The screen and the API client load once the account is known to be an operator.
const AuditScreen = dynamic(() => import('@/components/admin/audit/AuditScreen').then((module) => module.AuditScreen), { ssr: false, loading: ScreenLoading });

/** /quan-tri/nhat-ky: the audit log, read-only. */
export default function ConsoleAudit() {
  return (
    <AdminPage title="Nhật ký">
      <AuditScreen />
    </AdminPage>
  );
}

ConsoleAudit.layout = { bare: true };
