import { AdminPage } from '@/components/admin/AdminPage';
import { StoriesScreen } from '@/components/admin/stories/StoriesScreen';

/** /quan-tri/truyen: stories, hidden ones included. */
export default function ConsoleStories() {
  return (
    <AdminPage title="Truyện">
      <StoriesScreen />
    </AdminPage>
  );
}

ConsoleStories.layout = { bare: true };
