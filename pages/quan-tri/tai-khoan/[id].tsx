import dynamic from 'next/dynamic';
import { AdminPage } from '@/components/admin/AdminPage';
import { ScreenLoading } from '@/components/admin/ui';

// The screen and the API client load once the account is known to be an operator.
const AccountScreen = dynamic(() => import('@/components/admin/accounts/AccountScreen').then((module) => module.AccountScreen), { ssr: false, loading: ScreenLoading });

/** /quan-tri/tai-khoan/{id}: one account, what it wrote and bought, mute and VIP. */
export default function ConsoleAccount() {
  return (
    <AdminPage title="Tài khoản">
      <AccountScreen />
    </AdminPage>
  );
}

ConsoleAccount.layout = { bare: true };
