import { AdminPage } from '@/components/admin/AdminPage';
import { VipScreen } from '@/components/admin/vip/VipScreen';

/** /quan-tri/vip: VIP orders and their IPN history; VIP by hand. */
export default function ConsoleVip() {
  return (
    <AdminPage title="Đơn VIP">
      <VipScreen />
    </AdminPage>
  );
}

ConsoleVip.layout = { bare: true };
