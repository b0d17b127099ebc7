import { AdminPage } from '@/components/admin/AdminPage';
import { StoryScreen } from '@/components/admin/stories/StoryScreen';

/** /quan-tri/truyen/{id}: edit, hide, unhide or remove a story; its embedded source. */
export default function ConsoleStory() {
  return (
    <AdminPage title="Truyện">
      <StoryScreen />
    </AdminPage>
  );
}

ConsoleStory.layout = { bare: true };
