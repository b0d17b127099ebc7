import { Loader2, Upload } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { importNamePack, type StoryNames } from '@/lib/api/embedding';
import { decodeNamePack, NAME_PACK_MAX_BYTES, namePackSizeProblem, previewNamePack, type NamePackPreview } from '@/lib/namePack';
import { HINT, PRIMARY_BUTTON, SECONDARY_BUTTON, type NoticeState } from './ui';

/** A UTF-16 file holds its text in up to twice the bytes of UTF-8 (ASCII); beyond this it is not read. */
const MAX_FILE_BYTES = NAME_PACK_MAX_BYTES * 2;

/** A chosen file's bytes (FileReader: every browser the site serves has it). */
function readBytes(file: File): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file);
  });
}

interface Pending {
  fileName: string;
  text: string;
  preview: NamePackPreview;
}

function more(count: number, listed: number) {
  return count > listed ? <li className="text-ink-soft dark:text-neutral-400">… và {count - listed} dòng khác</li> : null;
}

/** What a pack would do, line by line, before the reader confirms. */
function PreviewLists({ preview }: { preview: NamePackPreview }) {
  const { added, changed, skipped, counts } = preview;
  return (
    <div className="space-y-3 text-sm">
      {counts.added > 0 && (
        <details open={counts.added <= 20}>
          <summary className="cursor-pointer font-semibold">Thêm {counts.added} tên</summary>
          <ul className="mt-1 space-y-0.5 pl-4">
            {added.map((entry) => (
              <li key={entry.line}>
                <span lang="zh">{entry.original}</span> = {entry.translation}
              </li>
            ))}
            {more(counts.added, added.length)}
          </ul>
        </details>
      )}
      {counts.changed > 0 && (
        <details open={counts.changed <= 20}>
          <summary className="cursor-pointer font-semibold">Đổi {counts.changed} tên</summary>
          <ul className="mt-1 space-y-0.5 pl-4">
            {changed.map((entry) => (
              <li key={entry.line}>
                <span lang="zh">{entry.original}</span>: {entry.previous} → {entry.translation}
              </li>
            ))}
            {more(counts.changed, changed.length)}
          </ul>
        </details>
      )}
      {counts.skipped > 0 && (
        <details open={counts.added + counts.changed === 0 || counts.skipped <= 10}>
          <summary className="cursor-pointer font-semibold">Bỏ qua {counts.skipped} dòng</summary>
          <ul className="mt-1 space-y-0.5 pl-4">
            {skipped.map((entry) => (
              <li key={entry.line}>
                Dòng {entry.line} (<span lang="zh">{entry.text}</span>): {entry.reason}
              </li>
            ))}
            {more(counts.skipped, skipped.length)}
          </ul>
        </details>
      )}
    </div>
  );
}

/**
 * "Nhập bộ tên": reads a QuickTranslator Names file (UTF-8 or UTF-16) in the browser, shows what
 * each line would do to the reader's own list, and imports it once confirmed.
 */
export function NamePackImport(props: { storyId: string; data: StoryNames; onImported: (data: StoryNames, notice: NoticeState) => void; onNotice: (notice: NoticeState) => void }) {
  const { storyId, data, onImported, onNotice } = props;
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const tooLarge = `Tệp bộ tên quá lớn (tối đa ${NAME_PACK_MAX_BYTES / 1024} KB).`;
    if (file.size > MAX_FILE_BYTES) return onNotice({ tone: 'error', lines: [tooLarge] });
    let bytes: Uint8Array;
    try {
      bytes = await readBytes(file);
    } catch {
      return onNotice({ tone: 'error', lines: ['Không đọc được tệp bộ tên, vui lòng thử lại.'] });
    }
    const text = decodeNamePack(bytes);
    const problem = namePackSizeProblem(text);
    if (problem) return onNotice({ tone: 'error', lines: [problem] });
    setPending({ fileName: file.name, text, preview: previewNamePack(text, data.mine) });
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    const answer = await importNamePack(storyId, pending.text);
    setBusy(false);
    if (!answer.ok) return onNotice({ tone: 'error', lines: [answer.message] });
    setPending(null);
    const { added, changed, skipped } = answer.data.counts;
    onImported(answer.data.names, { tone: 'done', lines: [`Đã nhập bộ tên: thêm ${added} tên, đổi ${changed} tên, bỏ qua ${skipped} dòng.`] });
    input.current?.focus();
  };

  const useful = pending ? pending.preview.counts.added + pending.preview.counts.changed : 0;
  return (
    <div className="w-full space-y-3 sm:w-auto">
      <label className={`${SECONDARY_BUTTON} cursor-pointer focus-within:outline focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand`}>
        <Upload aria-hidden className="size-4" /> Nhập bộ tên
        <input ref={input} type="file" accept=".txt,text/plain" className="sr-only" onChange={(event) => void choose(event)} aria-describedby={`${id}-hint`} />
      </label>
      <p id={`${id}-hint`} className={`${HINT} max-w-prose`}>
        Tệp Names của QuickTranslator (mỗi dòng <code className="rounded bg-ink/5 px-1 dark:bg-white/10">中文=Tên</code>, tối đa {NAME_PACK_MAX_BYTES / 1024} KB), ví dụ bộ tên từ
        sangtacviet hay wikidich. Tên trong tệp được thêm vào danh sách của riêng bạn.
      </p>
      {pending && (
        <section aria-labelledby={`${id}-preview`} className="space-y-3 rounded-lg border border-ink/15 p-3 dark:border-night-line">
          <h3 id={`${id}-preview`} className="font-semibold">
            Xem trước bộ tên “{pending.fileName}”
          </h3>
          {useful === 0 && <p className="text-sm">Tệp không có tên nào mới hay khác với danh sách của bạn.</p>}
          <PreviewLists preview={pending.preview} />
          <div className="flex flex-wrap gap-2">
            <button type="button" className={PRIMARY_BUTTON} disabled={busy || useful === 0} onClick={() => void confirm()}>
              {busy && <Loader2 aria-hidden className="size-5 animate-spin" />}
              Xác nhận nhập {useful} tên
            </button>
            <button type="button" className={SECONDARY_BUTTON} disabled={busy} onClick={() => setPending(null)}>
              Hủy
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
