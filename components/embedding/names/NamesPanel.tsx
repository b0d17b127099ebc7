import { Loader2, LogIn } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useAuth } from '@/hooks/useAuth';
import { getStoryNames, type StoryNames } from '@/lib/api/embedding';
import { NamePackImport } from './NamePackImport';
import { NamePackDownload } from './NamePackDownload';
import { OwnNamesForm } from './OwnNamesForm';
import { ProposalList } from './ProposalList';
import { SharedNamesList } from './SharedNamesList';
import { Notice, type NoticeState } from './ui';

/**
 * The names section of an embedded story, once opened: the shared list everyone reads, the pack
 * download, and for a signed-in reader their own list, their proposals and a pack import. One
 * notice (saved, proposed, imported, or the API's message) at a time.
 */
export function NamesPanel({ storyId, slug }: { storyId: string; slug: string }) {
  const { status, openSignIn } = useAuth();
  const [data, setData] = useState<StoryNames | null | undefined>(undefined);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const noticeId = useId();
  const signedIn = status === 'signedIn';

  useEffect(() => {
    if (status === 'unknown' || status === 'restoring') return;
    let current = true;
    void getStoryNames(storyId).then((answer) => {
      if (current) setData(answer ?? null);
    });
    return () => {
      current = false;
    };
  }, [storyId, status]);

  if (data === undefined || status === 'unknown' || status === 'restoring') {
    return (
      <p className="inline-flex items-center gap-2 text-sm text-ink-soft dark:text-neutral-400">
        <Loader2 aria-hidden className="size-4 animate-spin" /> Đang tải danh sách tên…
      </p>
    );
  }
  if (data === null) {
    return (
      <p role="alert" className="text-sm text-red-800 dark:text-red-200">
        Không tải được danh sách tên, vui lòng thử lại sau.
      </p>
    );
  }

  const changed = (next: StoryNames, message?: NoticeState) => {
    setData(next);
    setNotice(message ?? null);
  };

  return (
    <div className="space-y-6">
      {signedIn ? (
        <>
          <OwnNamesForm storyId={storyId} data={data} notice={notice} noticeId={noticeId} onSaved={changed} onNotice={setNotice} />
          <Notice id={noticeId} notice={notice} />
          <ProposalList storyId={storyId} data={data} onChanged={changed} onNotice={setNotice} />
        </>
      ) : (
        <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
          <p className="text-sm">Đăng nhập để sửa cách chuyển ngữ tên nhân vật, địa danh, môn phái của truyện này cho riêng bạn và đề xuất tên dùng chung.</p>
          <button
            type="button"
            onClick={() => openSignIn('login')}
            className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full bg-brand px-5 py-2 font-semibold text-white dark:bg-brand-dark dark:text-night"
          >
            <LogIn aria-hidden className="size-4" /> Đăng nhập
          </button>
        </div>
      )}
      <SharedNamesList data={data} />
      <div className="flex flex-wrap items-start gap-3">
        <NamePackDownload data={data} slug={slug} />
        {signedIn && <NamePackImport storyId={storyId} data={data} onImported={changed} onNotice={setNotice} />}
      </div>
    </div>
  );
}
