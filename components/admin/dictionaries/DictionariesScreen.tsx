import { Languages, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { useAuth } from '@/hooks/useAuth';
import { getDictionaries, tryDictionary, uploadDictionary, type DictionaryState } from '@/lib/api/admin';
import { formatNumber } from '../format';
import { useAdminData } from '../useAdminData';
import { useFormAction } from '../useFormAction';
import { BUTTON, CARD, FormError, INPUT, LABEL, LoadState, ScreenTitle } from '../ui';

export const TRY_MAX_LENGTH = 2_000;
/** The API's limit on an uploaded file. */
export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

const KIND_LABELS: Record<string, string> = {
  names: 'Names (tên riêng)',
  vietphrase: 'VietPhrase',
  pronouns: 'Pronouns (đại từ)',
  luatnhan: 'LuatNhan (luật nhân)',
  ignored: 'IgnoredChinesePhrases',
  phienam: 'ChinesePhienAmWords (phiên âm)',
};

function Loaded({ state }: { state: DictionaryState }) {
  return (
    <section className={CARD} aria-labelledby="dict-loaded">
      <h2 id="dict-loaded" className="mb-3 font-bold">
        Từ điển đang dùng
      </h2>
      {state.loaded.length === 0 ? (
        <p className="text-sm text-ink-soft dark:text-neutral-400">Chưa nạp từ điển nào ngoài dữ liệu có sẵn của bộ chuyển đổi.</p>
      ) : (
        <ul className="space-y-2">
          {state.loaded.map((dictionary) => (
            <li key={dictionary.kind} className="rounded-lg border border-ink/10 p-3 text-sm dark:border-night-line">
              <p className="font-semibold">
                {KIND_LABELS[dictionary.kind] ?? dictionary.kind}: {formatNumber(dictionary.entries)} mục
                {dictionary.skipped ? `, bỏ qua ${formatNumber(dictionary.skipped)} dòng` : ''}
              </p>
              {dictionary.file && <p className="break-all text-ink-soft dark:text-neutral-400">{dictionary.file}</p>}
              {dictionary.firstSkipped && (
                <p className="mt-1 break-all text-xs">Dòng bỏ qua đầu tiên: {Array.isArray(dictionary.firstSkipped) ? dictionary.firstSkipped.join(' · ') : dictionary.firstSkipped}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A sentence converted with the dictionaries as they are now. */
function TryIt() {
  const [text, setText] = useState('');
  const [result, setResult] = useState<string | null>(null);
  const { busy, error, setError, run } = useFormAction();
  const id = useId();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setError('Vui lòng nhập một câu tiếng Trung.');
    await run(async () => setResult(await tryDictionary(text.trim())));
  };
  return (
    <form onSubmit={submit} className={CARD} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className="mb-3 font-bold">
        Thử chuyển một câu
      </h2>
      <label htmlFor={`${id}-text`} className={LABEL}>
        Câu tiếng Trung
      </label>
      <textarea id={`${id}-text`} lang="zh" value={text} maxLength={TRY_MAX_LENGTH} onChange={(event) => setText(event.target.value)} rows={3} className={INPUT} placeholder="他在等你。" />
      <FormError message={error} />
      <button type="submit" disabled={busy} className={`${BUTTON.primary} mt-3`}>
        <Languages size={16} aria-hidden /> {busy ? 'Đang chuyển…' : 'Chuyển sang tiếng Việt'}
      </button>
      {result !== null && (
        <output htmlFor={`${id}-text`} className="mt-3 block whitespace-pre-wrap rounded-lg bg-paper-deep p-3 font-serif dark:bg-night" data-testid="dictionary-result">
          {result}
        </output>
      )}
    </form>
  );
}

/** Loads a QT file (VietPhrase or Names) into the site, when the site can. */
function UploadForm({ onLoaded }: { onLoaded: () => void }) {
  const { notify } = useAuth();
  const [kind, setKind] = useState<'vietphrase' | 'names'>('vietphrase');
  const [file, setFile] = useState<File | null>(null);
  const { busy, error, setError, run } = useFormAction();
  const id = useId();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return setError('Vui lòng chọn một tệp .txt.');
    if (file.size > UPLOAD_MAX_BYTES) return setError('Tệp lớn hơn 50 MB.');
    await run(async () => {
      const result = await uploadDictionary(kind, file.name, await file.text());
      notify({ text: `Đã nạp ${formatNumber(result.entries)} mục, bỏ qua ${formatNumber(result.skipped)} dòng.`, tone: 'success' });
      onLoaded();
    });
  };
  return (
    <form onSubmit={submit} className={CARD} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className="mb-3 font-bold">
        Nạp tệp QT
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-kind`} className={LABEL}>
            Loại
          </label>
          <select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value as 'vietphrase' | 'names')} className={INPUT}>
            <option value="vietphrase">VietPhrase</option>
            <option value="names">Names (tên riêng)</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-file`} className={LABEL}>
            Tệp (.txt, tối đa 50 MB)
          </label>
          <input id={`${id}-file`} type="file" accept=".txt,text/plain" onChange={(event) => setFile(event.target.files?.[0] ?? null)} className={INPUT} />
        </div>
      </div>
      <FormError message={error} />
      <button type="submit" disabled={busy} className={`${BUTTON.primary} mt-3`}>
        <Upload size={16} aria-hidden /> {busy ? 'Đang nạp…' : 'Nạp từ điển'}
      </button>
    </form>
  );
}

/** Từ điển: what the converter loaded, a sentence to try, and loading a QT file when the site can. */
export function DictionariesScreen() {
  const dictionaries = useAdminData(getDictionaries, 'dictionaries');
  const state = dictionaries.data;
  return (
    <>
      <ScreenTitle title="Từ điển chuyển đổi" />
      <LoadState state={dictionaries.state} error={dictionaries.error} hasData={Boolean(state)} empty={false} emptyTitle="" onRetry={dictionaries.reload}>
        {state && (
          <div className="space-y-4">
            <Loaded state={state} />
            <TryIt />
            {state.uploads ? (
              <UploadForm onLoaded={dictionaries.reload} />
            ) : (
              <p className={`${CARD} text-sm`}>
                Trang này chưa nạp được tệp từ bảng quản trị. Hãy đặt tệp VietPhrase hoặc Names vào thư mục cấu hình (CONVERT_QT_DIR, CONVERT_VIETPHRASE_FILES,
                CONVERT_NAMES_FILES) rồi khởi động lại trang.
              </p>
            )}
          </div>
        )}
      </LoadState>
    </>
  );
}
