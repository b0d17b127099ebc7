import dynamic from 'next/dynamic';
import { AdminPage } from '@/components/admin/AdminPage';
import { ScreenLoading } from '@/components/admin/ui';

// The screen and the API client load once the account is known to be an operator.
const ModerationScreen = dynamic(() => import('@/components/admin/moderation/ModerationScreen').then((module) => module.ModerationScreen), { ssr: false, loading: ScreenLoading });

/** /quan-tri/binh-luan: reported comments and reviews to hide or restore. */
export default function ConsoleModeration() {
  return (
    <AdminPage title="Bình luận & đánh giá">
      <ModerationScreen />
    </AdminPage>
  );
}

ConsoleModeration.layout = { bare: true };
