import dynamic from 'next/dynamic';
import { AdminPage } from '@/components/admin/AdminPage';
import { ScreenLoading } from '@/components/admin/ui';

// The screen and the API client load once the account is known to be an operator.
const StoryNamesScreen = dynamic(() => import('@/components/admin/names/StoryNamesScreen').then((module) => module.StoryNamesScreen), { ssr: false, loading: ScreenLoading });

/** /quan-tri/ten-rieng/{id}: a story's name proposals (accept, reject) and shared list (lock, unlock, remove). */
export default function ConsoleStoryNames() {
  return (
    <AdminPage title="Tên riêng">
      <StoryNamesScreen />
    </AdminPage>
  );
}

ConsoleStoryNames.layout = { bare: true };
