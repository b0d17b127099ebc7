import { Link2, Loader2, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';

interface Props {
  busy: boolean;
  initialLink?: string;
  onSubmit: (link: string) => void;
}

/** The link box: paste a story or chapter link from a supported site, then preview it. */
export function EmbedForm({ busy, initialLink = '', onSubmit }: Props) {
  const [link, setLink] = useState(initialLink);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(link);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row" aria-label="Nhúng truyện từ liên kết">
      <label htmlFor="embed-link" className="sr-only">
        Liên kết truyện hoặc chương
      </label>
      <div className="relative flex-1">
        <Link2 aria-hidden className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-ink-soft dark:text-neutral-400" />
        <input
          id="embed-link"
          name="link"
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={500}
          value={link}
          onChange={(event) => setLink(event.target.value)}
          placeholder="https://www.69shuba.com/book/…"
          className="w-full rounded-lg border border-ink/20 bg-white py-3 pl-10 pr-3 text-base dark:border-night-line dark:bg-night-raised"
        />
      </div>
      <button
        type="submit"
        disabled={busy}
        className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand px-5 py-3 font-semibold text-white hover:bg-brand/90 disabled:opacity-60 dark:bg-brand-dark dark:text-night"
      >
        {busy ? <Loader2 aria-hidden className="h-5 w-5 animate-spin" /> : <Search aria-hidden className="h-5 w-5" />}
        Xem trước
      </button>
    </form>
  );
}
