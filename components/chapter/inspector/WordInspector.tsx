import { Check, ChevronLeft, ChevronRight, Loader2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { nameForm, type MeaningSource, type WordLookup, type WordOriginName } from '@/lib/embedding/chapterDetail';
import { usePopoverPlace } from './usePopoverPlace';
import { useLookups } from './useLookups';
import type { FixResult, NameChanges } from './useChapterDetail';

const ORIGIN_NAMES: Record<WordOriginName, string> = {
  dictionary: 'từ điển VietPhrase',
  phrase: 'cụm từ có sẵn',
  name: 'tên riêng',
  number: 'số đếm',
  'hanviet-word': 'âm Hán Việt của cả từ',
  hanviet: 'âm Hán Việt',
  unknown: 'chưa có âm đọc',
  latin: 'chữ Latinh',
};

const SOURCE_NAMES: Record<MeaningSource, string> = {
  story: 'Tên chung của truyện',
  names: 'Names (từ điển tên)',
  vietphrase: 'VietPhrase',
  phrases: 'Cụm từ có sẵn',
  'hanviet-words': 'Âm Hán Việt của từ',
};

export interface WordInspectorProps {
  storyId: string;
  /** The selected Chinese, how it reads now and how each of its words was found. */
  zh: string;
  reading: string;
  origins: readonly WordOriginName[];
  /** The reader's own list. */
  own: Readonly<Record<string, string>>;
  /** The Chinese of the selection grown by the word before or after it; null when it cannot grow. */
  previous: string | null;
  next: string | null;
  joined: boolean;
  /** The selection's first word and the text's box, read when the panel is placed. */
  anchor: () => HTMLElement | null;
  container: () => HTMLElement | null;
  onExtend: (side: 'previous' | 'next') => void;
  onReset: () => void;
  onApply: (changes: NameChanges) => Promise<FixResult>;
  onClose: () => void;
}

type Form = { kind: 'name' | 'meaning'; value: string } | null;

const chip = 'inline-flex min-h-9 items-center gap-1 rounded-md border border-ink/20 px-2.5 py-1 text-sm hover:border-brand hover:text-brand disabled:opacity-50 dark:border-white/20 dark:hover:border-brand-dark dark:hover:text-brand-dark';
const primary = 'inline-flex min-h-9 items-center gap-1 rounded-md bg-brand px-3 py-1 text-sm font-semibold text-white hover:bg-[#9a3a19] disabled:opacity-50 dark:bg-brand-dark dark:text-night dark:hover:bg-[#ec9470]';

const lower = (text: string) => text.toLocaleLowerCase('vi');

/** A plain word for "not a name": the first meaning the dictionaries give, else the Hán-Việt reading, in lower case. */
function plainReading(lookup: WordLookup | undefined): string {
  const meaning = (source: MeaningSource) => lookup?.meanings.find((entry) => entry.source === source)?.values[0];
  return lower(meaning('vietphrase') ?? meaning('phrases') ?? meaning('hanviet-words') ?? lookup?.hanViet ?? '');
}

/**
 * The word inspector: a popover against the tapped word with its Chinese, Hán-Việt reading, every
 * meaning the dictionaries hold and where the current reading came from; the word can be joined
 * with its neighbours (a name split in two) and fixed for this reader: another meaning, a name,
 * not a name, or a meaning typed in.
 */
export function WordInspector(props: WordInspectorProps) {
  const { storyId, zh, reading, origins, own, previous, next, joined, anchor, container, onExtend, onReset, onApply, onClose } = props;
  const titleId = useId();
  const inputId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const [form, setForm] = useState<Form>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ tone: 'done' | 'error'; text: string } | null>(null);
  const lookups = useLookups(storyId, [zh, previous, next]);
  const lookup = lookups.get(zh);
  const place = usePopoverPlace(anchor, container, panel, `${zh}|${reading}|${form?.kind}|${lookups.state.kind}|${status?.text}`);
  const mine = own[zh];
  const isName = mine !== undefined ? !/^\p{Ll}/u.test(mine) : origins.length === 1 && origins[0] === 'name';

  // A new selection starts with no form open and no message.
  const [shownFor, setShownFor] = useState(zh);
  if (shownFor !== zh) {
    setShownFor(zh);
    setForm(null);
    setStatus(null);
  }

  // Focus moves into the panel once it is placed (a hidden panel takes no focus), and back to it
  // when a button it held goes away (a join).
  const placed = place !== null;
  useEffect(() => {
    const active = document.activeElement;
    if (placed && (!panel.current?.contains(active) || active === document.body)) panel.current?.focus({ preventScroll: true });
  }, [zh, placed]);

  // A panel that does not fit between the header and the chapter bar brings itself into view.
  useEffect(() => {
    if (place) panel.current?.scrollIntoView({ block: 'nearest' });
  }, [place?.top, place?.side, place?.height]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panel.current?.contains(target) || anchor()?.contains(target)) return;
      if ((target as Element).closest?.('[data-w]')) return;
      onClose();
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [anchor, onClose]);

  const apply = async (changes: NameChanges, done: string) => {
    setBusy(true);
    setStatus(null);
    const result = await onApply(changes);
    setBusy(false);
    if (!result.ok) {
      setStatus({ tone: 'error', text: result.message });
      return;
    }
    setForm(null);
    setStatus({ tone: 'done', text: result.paragraphs > 0 ? `${done} Đã cập nhật ${result.paragraphs} đoạn của chương này.` : done });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form) return;
    const value = form.kind === 'name' ? nameForm(form.value) : form.value.trim();
    if (!value) {
      setStatus({ tone: 'error', text: form.kind === 'name' ? 'Hãy nhập tên tiếng Việt.' : 'Hãy nhập nghĩa tiếng Việt.' });
      return;
    }
    void apply({ [zh]: value }, form.kind === 'name' ? `Đã đánh dấu “${zh}” là tên “${value}”.` : `Đã đổi nghĩa “${zh}” thành “${value}”.`);
  };

  const hanViet = lookup?.hanViet ?? '';
  const origin = mine !== undefined ? 'bạn đã sửa' : [...new Set(origins.map((name) => ORIGIN_NAMES[name]))].join(', ');

  return (
    <div
      ref={panel}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="word-inspector"
      data-side={place?.side}
      style={{ top: place?.top ?? 0, left: place?.left ?? 0, width: place?.width, visibility: place ? 'visible' : 'hidden' }}
      className="absolute z-30 scroll-mt-20 scroll-mb-28 rounded-xl border border-ink/15 bg-paper p-3 font-sans text-base leading-normal text-ink shadow-xl outline-none dark:border-white/15 dark:bg-night-raised dark:text-neutral-200"
    >
      <span
        aria-hidden
        style={{ left: (place?.arrow ?? 16) - 6 }}
        className={`absolute size-3 rotate-45 border-ink/15 bg-paper dark:border-white/15 dark:bg-night-raised ${place?.side === 'above' ? '-bottom-1.5 border-r border-b' : '-top-1.5 border-t border-l'}`}
      />
      <div className="flex items-start justify-between gap-2">
        <div id={titleId} className="min-w-0">
          <span lang="zh" className="block text-2xl leading-tight font-semibold break-all" data-testid="inspector-chinese">
            {zh}
          </span>
          <span className="block text-sm text-ink-soft dark:text-neutral-400">
            Hán Việt: <span data-testid="inspector-hanviet">{hanViet || '…'}</span>
          </span>
        </div>
        <button type="button" onClick={onClose} aria-label="Đóng" className="-m-1 inline-flex size-9 shrink-0 items-center justify-center rounded-md hover:bg-ink/10 dark:hover:bg-white/10">
          <X aria-hidden className="size-5" />
        </button>
      </div>

      <p className="mt-2 text-sm">
        Đang đọc: <strong data-testid="inspector-reading">{reading}</strong> <span className="text-ink-soft dark:text-neutral-400">({origin})</span>
      </p>

      <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label="Nối với từ bên cạnh">
        {previous && (
          <button type="button" className={chip} onClick={() => onExtend('previous')} aria-label={`Nối với từ trước: ${previous}`}>
            <ChevronLeft aria-hidden className="size-4" /> Nối từ trước <span lang="zh">{previous}</span>
          </button>
        )}
        {next && (
          <button type="button" className={chip} onClick={() => onExtend('next')} aria-label={`Nối với từ sau: ${next}`}>
            Nối từ sau <span lang="zh">{next}</span> <ChevronRight aria-hidden className="size-4" />
          </button>
        )}
        {joined && (
          <button type="button" className={chip} onClick={onReset}>
            Bỏ nối
          </button>
        )}
      </div>

      <div className="mt-3 max-h-44 space-y-2 overflow-y-auto" data-testid="inspector-meanings">
        {lookups.state.kind === 'loading' && !lookup && (
          <p className="inline-flex items-center gap-2 text-sm text-ink-soft dark:text-neutral-400">
            <Loader2 aria-hidden className="size-4 animate-spin" /> Đang tra từ điển…
          </p>
        )}
        {lookups.state.kind === 'failed' && !lookup && <p className="text-sm text-red-700 dark:text-red-300">{lookups.state.message}</p>}
        {lookup && lookup.meanings.length === 0 && <p className="text-sm text-ink-soft dark:text-neutral-400">Từ điển chưa có nghĩa nào cho “{zh}”.</p>}
        {lookup?.meanings.map(({ source, values }) => (
          <div key={source}>
            <p className="text-xs font-semibold tracking-wide text-ink-soft uppercase dark:text-neutral-400">{SOURCE_NAMES[source]}</p>
            <ul className="mt-1 flex flex-wrap gap-1.5">
              {values.map((value) => {
                const current = lower(value) === lower(reading);
                return (
                  <li key={value}>
                    <button
                      type="button"
                      className={`${chip} ${current ? 'border-brand font-semibold dark:border-brand-dark' : ''}`}
                      aria-pressed={current}
                      disabled={busy}
                      onClick={() => void apply({ [zh]: value }, `Đã chọn nghĩa “${value}” cho “${zh}”.`)}
                    >
                      {current && <Check aria-hidden className="size-4" />}
                      {value}
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>

      {form ? (
        <form onSubmit={submit} className="mt-3 space-y-2">
          <label htmlFor={inputId} className="block text-sm font-semibold">
            {form.kind === 'name' ? 'Tên tiếng Việt' : 'Nghĩa tiếng Việt'}
          </label>
          <input
            id={inputId}
            autoFocus
            value={form.value}
            maxLength={60}
            onChange={(event) => setForm({ ...form, value: event.target.value })}
            className="w-full rounded-md border border-ink/25 bg-white px-3 py-2 text-base dark:border-white/20 dark:bg-night"
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={primary} disabled={busy}>
              {busy && <Loader2 aria-hidden className="size-4 animate-spin" />}
              {form.kind === 'name' ? 'Lưu tên' : 'Lưu nghĩa'}
            </button>
            <button type="button" className={chip} onClick={() => setForm(null)}>
              Hủy
            </button>
          </div>
        </form>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={primary} disabled={busy || (!lookup && lookups.state.kind === 'loading')} onClick={() => setForm({ kind: 'name', value: nameForm(hanViet || reading) })}>
            Đánh dấu là tên
          </button>
          {isName && (
            <button type="button" className={chip} disabled={busy || !lookup} onClick={() => void apply({ [zh]: plainReading(lookup) }, `Đã bỏ tên riêng “${zh}”.`)}>
              Không phải tên
            </button>
          )}
          <button type="button" className={chip} disabled={busy} onClick={() => setForm({ kind: 'meaning', value: '' })}>
            Nhập nghĩa khác
          </button>
          {mine !== undefined && (
            <button type="button" className={chip} disabled={busy} onClick={() => void apply({ [zh]: null }, `Đã bỏ sửa của bạn cho “${zh}”.`)}>
              Bỏ sửa của tôi
            </button>
          )}
        </div>
      )}

      <p role="status" className={`mt-2 min-h-5 text-sm ${status?.tone === 'error' ? 'text-red-700 dark:text-red-300' : 'text-emerald-800 dark:text-emerald-300'}`} data-testid="inspector-status">
        {busy ? 'Đang lưu…' : (status?.text ?? '')}
      </p>
    </div>
  );
}
