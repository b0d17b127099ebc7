import { BellRing, BellPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useAuth } from '@/hooks/useAuth';
import { useReadings } from '@/hooks/useReadings';
import { usePushSettings } from './usePushSettings';

const notificationsApi = () => import('@/lib/api/notifications');

function Toggle({ storyId }: { storyId: string }) {
  const push = usePushSettings();
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    void notificationsApi()
      .then((api) => api.getStoryPush(storyId))
      .then((answer) => answer && setOn(answer.push));
  }, [storyId]);

  // Push is off on the server: new chapters still reach the centre, there is nothing to choose.
  if (on === null || !push.settings?.publicKey) return null;

  const toggle = async () => {
    setBusy(true);
    setNote(null);
    const answer = await (await notificationsApi()).setStoryPush(storyId, !on);
    if (!answer.ok) setNote(answer.message);
    else {
      setOn(answer.data.push);
      if (answer.data.push && !push.thisEndpoint && push.support === 'supported') await push.enableHere();
      else if (answer.data.push && push.support !== 'supported') setNote('Trình duyệt này không nhận được thông báo đẩy; chương mới vẫn hiện ở trang Thông báo.');
      else if (answer.data.push && !push.settings?.pushEnabled) await push.update({ pushEnabled: true }, 'Đã bật thông báo đẩy.');
    }
    setBusy(false);
  };
  const Icon = on ? BellRing : BellPlus;
  const message = note ?? (push.message?.tone === 'error' ? push.message.text : null);
  return (
    <>
      <button
        type="button"
        onClick={() => void toggle()}
        disabled={busy || push.busy}
        aria-pressed={on}
        data-testid="story-push-toggle"
        className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-brand px-4 py-2 text-sm font-semibold text-brand hover:bg-brand/10 disabled:opacity-50 dark:border-brand-dark dark:text-brand-dark"
      >
        <Icon size={16} aria-hidden />
        {on ? 'Đang báo chương mới' : 'Báo chương mới'}
      </button>
      {message && (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-300">
          {message}
        </p>
      )}
    </>
  );
}

/**
 * Beside "Lưu truyện": pushes this story's new chapters to the reader's devices. Shown once the
 * story is in the reader's cabinet (whose stories reach the notification centre anyway).
 */
export function StoryPushToggle({ storyId }: { storyId: string }) {
  const { user } = useAuth();
  const { isSaved } = useReadings();
  if (!user || !isSaved(storyId)) return null;
  return <Toggle storyId={storyId} />;
}
