import dynamic from 'next/dynamic';
import { AdminPage } from '@/components/admin/AdminPage';
import { ScreenLoading } from '@/components/admin/ui';

// The screen and the API client load once the account is known to be an operator.
const VipScreen = dynamic(() => import('@/components/admin/vip/VipScreen').then((module) => module.VipScreen), { ssr: false, loading: ScreenLoading });

/** /quan-tri/vip: VIP orders and their IPN history; VIP by hand. */
export default function ConsoleVip() {
  return (
    <AdminPage title="Đơn VIP">
      <VipScreen />
    </AdminPage>
  );
}

ConsoleVip.layout = { bare: true };
