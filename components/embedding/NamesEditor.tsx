import { ChevronDown, Languages, Loader2, LogIn } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useAuth } from '@/hooks/useAuth';
import { formatNamesList, parseNamesList } from '@/lib/namesList';

// The API client (axios) loads when the form opens, keeping it out of the story page's first load.
const embeddingApi = () => import('@/lib/api/embedding');

const EXAMPLE = '林渊=Lâm Uyên\n青云宗=Thanh Vân Tông';

type Result = { tone: 'error'; lines: string[] } | { tone: 'saved'; count: number };

/** The reader's own names list: loaded once opened, checked line by line, saved with PUT. */
function NamesForm({ storyId }: { storyId: string }) {
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const [storyTotal, setStoryTotal] = useState(0);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    void embeddingApi()
      .then(({ getStoryNames }) => getStoryNames(storyId))
      .then((answer) => {
        setText(formatNamesList(answer?.mine ?? {}));
        setStoryTotal(Object.keys(answer?.names ?? {}).length);
      });
  }, [storyId]);

  if (text === null) {
    return (
      <p className="inline-flex items-center gap-2 text-sm text-ink-soft dark:text-neutral-400">
        <Loader2 aria-hidden className="size-4 animate-spin" /> Đang tải danh sách tên…
      </p>
    );
  }

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    const { names, errors } = parseNamesList(text);
    if (errors.length > 0) {
      setResult({ tone: 'error', lines: errors });
      return;
    }
    setBusy(true);
    const answer = await (await embeddingApi()).saveStoryNames(storyId, names);
    setBusy(false);
    if (!answer.ok) {
      setResult({ tone: 'error', lines: [answer.message] });
      return;
    }
    setText(formatNamesList(answer.data.mine));
    setStoryTotal(Object.keys(answer.data.names).length);
    setResult({ tone: 'saved', count: Object.keys(answer.data.mine).length });
  };
  // Ctrl+Enter (⌘+Enter) saves from inside the text box, where Enter starts a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void save();
  };

  return (
    <form onSubmit={(event) => void save(event)} noValidate className="space-y-3" aria-label="Sửa tên riêng">
      <label htmlFor={`${id}-names`} className="block font-semibold">
        Tên riêng của bạn
      </label>
      <p id={`${id}-hint`} className="text-sm text-ink-soft dark:text-neutral-400">
        Mỗi dòng một tên theo dạng <code className="rounded bg-ink/5 px-1 dark:bg-white/10">中文=Tên Việt</code>, ví dụ{' '}
        <code className="rounded bg-ink/5 px-1 dark:bg-white/10">林渊=Lâm Uyên</code>. Truyện đang dùng {storyTotal} tên riêng do độc giả đặt.
        Bấm Ctrl+Enter để lưu nhanh.
      </p>
      <textarea
        id={`${id}-names`}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (result?.tone === 'saved') setResult(null);
        }}
        onKeyDown={onKeyDown}
        rows={8}
        spellCheck={false}
        autoComplete="off"
        placeholder={EXAMPLE}
        aria-describedby={`${id}-hint${result ? ` ${id}-result` : ''}`}
        aria-invalid={result?.tone === 'error'}
        className="block w-full resize-y rounded-lg border border-ink/20 bg-white p-3 font-mono text-base leading-relaxed dark:border-night-line dark:bg-night-raised"
      />
      {result?.tone === 'error' && (
        <div id={`${id}-result`} role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200">
          <ul className="list-inside list-disc space-y-1">
            {result.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {result?.tone === 'saved' && (
        <p id={`${id}-result`} role="status" className="rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-800 dark:border-green-800 dark:bg-green-950/40 dark:text-green-200">
          Đã lưu {result.count} tên riêng. Các chương sẽ được chuyển ngữ lại với tên mới ở lần đọc tới.
        </p>
      )}
      <button
        type="submit"
        disabled={busy}
        className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-brand px-5 py-2 font-semibold text-white hover:bg-brand/90 disabled:opacity-60 sm:w-auto dark:bg-brand-dark dark:text-night"
      >
        {busy && <Loader2 aria-hidden className="size-5 animate-spin" />}
        Lưu tên riêng
      </button>
    </form>
  );
}

/**
 * "Sửa tên riêng" on an embedded story's page: signed-in readers correct how names are
 * converted; signed-out visitors are asked to sign in. Collapsed until opened.
 */
export function NamesEditor({ storyId }: { storyId: string }) {
  const { status, openSignIn } = useAuth();
  const [open, setOpen] = useState(false);
  return (
    <details
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group rounded-xl border border-ink/10 bg-white/60 dark:border-night-line dark:bg-night-raised"
      data-testid="names-editor"
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-3 font-bold [&::-webkit-details-marker]:hidden">
        <Languages aria-hidden className="size-5 text-brand dark:text-brand-dark" />
        Sửa tên riêng
        <ChevronDown aria-hidden className="ml-auto size-5 transition-transform group-open:rotate-180" />
      </summary>
      <div className="border-t border-ink/10 px-4 py-4 dark:border-night-line">
        {open && status === 'signedIn' && <NamesForm storyId={storyId} />}
        {open && status === 'signedOut' && (
          <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
            <p className="text-sm">Đăng nhập để sửa cách chuyển ngữ tên nhân vật, địa danh, môn phái của truyện này.</p>
            <button
              type="button"
              onClick={() => openSignIn('login')}
              className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full bg-brand px-5 py-2 font-semibold text-white dark:bg-brand-dark dark:text-night"
            >
              <LogIn aria-hidden className="size-4" /> Đăng nhập
            </button>
          </div>
        )}
        {open && (status === 'unknown' || status === 'restoring') && (
          <p className="inline-flex items-center gap-2 text-sm text-ink-soft dark:text-neutral-400">
            <Loader2 aria-hidden className="size-4 animate-spin" /> Đang kiểm tra đăng nhập…
          </p>
        )}
      </div>
    </details>
  );
}
