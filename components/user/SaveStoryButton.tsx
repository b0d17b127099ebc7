import { Bookmark, BookmarkCheck } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '@/hooks/useAuth';
import { useReadings } from '@/hooks/useReadings';
import type { ReadingStory } from '@/context/ReadingsContext';

/** "Lưu truyện" / "Đã lưu" for a story page: saves it in the cabinet; signed out, opens sign-in. */
export function SaveStoryButton({ story, className = '' }: { story: ReadingStory; className?: string }) {
  const { status, user, openSignIn, notify } = useAuth();
  const { isSaved, setSaved } = useReadings();
  const [busy, setBusy] = useState(false);
  const saved = Boolean(user) && isSaved(story._id);
  const toggle = async () => {
    if (!user) {
      openSignIn('login');
      return;
    }
    setBusy(true);
    const ok = await setSaved(story, !saved);
    setBusy(false);
    if (!ok) notify({ text: 'Không thể cập nhật tủ truyện, vui lòng thử lại.', tone: 'error' });
  };
  const Icon = saved ? BookmarkCheck : Bookmark;
  // While a stored session is restored the reader is neither signed in nor out: wait, not the dialog.
  return (
    <button type="button" onClick={toggle} disabled={busy || status === 'restoring'} aria-pressed={saved} className={`inline-flex items-center gap-1.5 rounded-full border border-brand px-4 py-2 text-sm font-semibold text-brand disabled:opacity-50 dark:border-brand-dark dark:text-brand-dark ${className}`}>
      <Icon size={16} aria-hidden />
      {saved ? 'Đã lưu' : 'Lưu truyện'}
    </button>
  );
}
