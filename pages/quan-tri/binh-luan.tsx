import { AdminPage } from '@/components/admin/AdminPage';
import { ModerationScreen } from '@/components/admin/moderation/ModerationScreen';

/** /quan-tri/binh-luan: reported comments and reviews to hide or restore. */
export default function ConsoleModeration() {
  return (
    <AdminPage title="Bình luận & đánh giá">
      <ModerationScreen />
    </AdminPage>
  );
}

ConsoleModeration.layout = { bare: true };
