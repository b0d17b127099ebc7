import { ArrowLeftRight } from 'lucide-react';
import { useState } from 'react';
import { switchChapterSource } from '@/lib/api/sourceSwitch';

interface SourceSwitchProps {
  storyId: string;
  index: number;
  /** Called once another source gave the chapter: the page asks for it again, in place. */
  onSwitched: () => void;
}

/** "Đổi nguồn": the chapter that failed to load, read from another of the story's sources. */
export default function SourceSwitch({ storyId, index, onSwitched }: SourceSwitchProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = async () => {
    setBusy(true);
    setError(null);
    const outcome = await switchChapterSource(storyId, index);
    setBusy(false);
    if (outcome.ok) onSwitched();
    else setError(outcome.message);
  };
  return (
    <>
      <button
        type="button"
        onClick={() => void change()}
        disabled={busy}
        aria-busy={busy}
        className="mt-3 ml-2 inline-flex items-center gap-2 rounded-md border border-current px-4 py-2 font-semibold hover:bg-black/5 disabled:opacity-60 dark:hover:bg-white/10"
      >
        <ArrowLeftRight aria-hidden className="size-4" /> {busy ? 'Đang đổi nguồn…' : 'Đổi nguồn'}
      </button>
      {error && (
        <p role="status" className="mt-2 text-sm">
          {error}
        </p>
      )}
    </>
  );
}
