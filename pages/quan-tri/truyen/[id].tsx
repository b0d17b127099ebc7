import dynamic from 'next/dynamic';
import { AdminPage } from '@/components/admin/AdminPage';
import { ScreenLoading } from '@/components/admin/ui';

// The screen and the API client load once the account is known to be an operator.
const StoryScreen = dynamic(() => import('@/components/admin/stories/StoryScreen').then((module) => module.StoryScreen), { ssr: false, loading: ScreenLoading });

/** /quan-tri/truyen/{id}: edit, hide, unhide or remove a story; its embedded source. */
export default function ConsoleStory() {
  return (
    <AdminPage title="Truyện">
      <StoryScreen />
    </AdminPage>
  );
}

ConsoleStory.layout = { bare: true };
