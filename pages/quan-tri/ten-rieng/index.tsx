import dynamic from 'next/dynamic';
import { AdminPage } from '@/components/admin/AdminPage';
import { ScreenLoading } from '@/components/admin/ui';

// The screen and the API client load once the account is known to be an operator.
const NameStoriesScreen = dynamic(() => import('@/components/admin/names/NameStoriesScreen').then((module) => module.NameStoriesScreen), { ssr: false, loading: ScreenLoading });

/** /quan-tri/ten-rieng: embedded stories with name proposals or shared names. */
export default function ConsoleNameStories() {
  return (
    <AdminPage title="Tên riêng">
      <NameStoriesScreen />
    </AdminPage>
  );
}

ConsoleNameStories.layout = { bare: true };
