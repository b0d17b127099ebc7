import { AdminPage } from '@/components/admin/AdminPage';
import { AuditScreen } from '@/components/admin/audit/AuditScreen';

/** /quan-tri/nhat-ky: the audit log, read-only. */
export default function ConsoleAudit() {
  return (
    <AdminPage title="Nhật ký">
      <AuditScreen />
    </AdminPage>
  );
}

ConsoleAudit.layout = { bare: true };
