import dynamic from 'next/dynamic';
import { AdminPage } from '@/components/admin/AdminPage';
import { ScreenLoading } from '@/components/admin/ui';

// The screen and the API client load once the account is known to be an operator.
const AccountsScreen = dynamic(() => import('@/components/admin/accounts/AccountsScreen').then((module) => module.AccountsScreen), { ssr: false, loading: ScreenLoading });

/** /quan-tri/tai-khoan: accounts by email or name. */
export default function ConsoleAccounts() {
  return (
    <AdminPage title="Tài khoản">
      <AccountsScreen />
    </AdminPage>
  );
}

ConsoleAccounts.layout = { bare: true };
