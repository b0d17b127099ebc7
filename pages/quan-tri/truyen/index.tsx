import dynamic from 'next/dynamic';
import { AdminPage } from '@/components/admin/AdminPage';
import { ScreenLoading } from '@/components/admin/ui';

// The screen and the API client load once the account is known to be an operator.
const StoriesScreen = dynamic(() => import('@/components/admin/stories/StoriesScreen').then((module) => module.StoriesScreen), { ssr: false, loading: ScreenLoading });

/** /quan-tri/truyen: stories, hidden ones included. */
export default function ConsoleStories() {
  return (
    <AdminPage title="Truyện">
      <StoriesScreen />
    </AdminPage>
  );
}

ConsoleStories.layout = { bare: true };
