import { AdminPage } from '@/components/admin/AdminPage';
import { AccountScreen } from '@/components/admin/accounts/AccountScreen';

/** /quan-tri/tai-khoan/{id}: one account, what it wrote and bought, mute and VIP. */
export default function ConsoleAccount() {
  return (
    <AdminPage title="Tài khoản">
      <AccountScreen />
    </AdminPage>
  );
}

ConsoleAccount.layout = { bare: true };
