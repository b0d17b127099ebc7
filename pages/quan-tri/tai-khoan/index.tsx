import { AdminPage } from '@/components/admin/AdminPage';
import { AccountsScreen } from '@/components/admin/accounts/AccountsScreen';

/** /quan-tri/tai-khoan: accounts by email or name. */
export default function ConsoleAccounts() {
  return (
    <AdminPage title="Tài khoản">
      <AccountsScreen />
    </AdminPage>
  );
}

ConsoleAccounts.layout = { bare: true };
