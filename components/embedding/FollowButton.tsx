import { Bell, BellRing } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useReadings } from '@/hooks/useReadings';
import type { FollowState } from '@/lib/api/embedding';
import { readToken } from '@/lib/storage';

/**
 * "Theo dõi" for an embedded story (story page): signed-in readers get its new chapters marked in
 * their story cabinet after each scheduled check.
 */
const noSubscription = () => () => undefined;
// The API client (axios) loads with the first call, keeping it out of the story page's first load.
const embeddingApi = () => import('@/lib/api/embedding');

export function FollowButton({ storyId }: { storyId: string }) {
  // The stored token decides; the server render shows the signed-out text.
  const signedIn = useSyncExternalStore(noSubscription, () => Boolean(readToken()), () => false);
  const [state, setState] = useState<FollowState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { refreshBookmarks } = useReadings();

  useEffect(() => {
    if (signedIn) void embeddingApi().then(({ getFollowState }) => getFollowState(storyId)).then((answer) => answer && setState(answer));
  }, [signedIn, storyId]);

  if (!signedIn) {
    return <p className="text-sm text-ink-soft dark:text-neutral-400">Đăng nhập để theo dõi chương mới của truyện này.</p>;
  }
  const following = state?.follow ?? false;
  const toggle = async () => {
    setBusy(true);
    setError(null);
    const api = await embeddingApi();
    const result = following ? await api.unfollowStory(storyId) : await api.followStory(storyId);
    if (result.ok) {
      setState(result.data);
      // Following saves the story in the cabinet: the page's "Lưu truyện" button shows it.
      void refreshBookmarks();
    } else setError(result.message);
    setBusy(false);
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={() => void toggle()}
        disabled={busy}
        aria-pressed={following}
        className="inline-flex items-center gap-2 rounded-lg border border-brand px-4 py-2 text-sm font-semibold text-brand hover:bg-brand/10 disabled:opacity-60 dark:border-brand-dark dark:text-brand-dark"
      >
        {following ? <BellRing aria-hidden className="h-4 w-4" /> : <Bell aria-hidden className="h-4 w-4" />}
        {following ? 'Đang theo dõi' : 'Theo dõi chương mới'}
      </button>
      {state && state.newChapters > 0 && (
        <span className="rounded-full bg-brand px-2 py-0.5 text-xs font-semibold text-white dark:bg-brand-dark dark:text-night">
          {state.newChapters} chương mới
        </span>
      )}
      {error && (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
