import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { Player } from '@/lib/player/player';
import { loadReplacementLists, saveReplacementList } from '@/lib/player/replacementStore';
import { DEFAULT_REPLACEMENTS, REPLACEMENT_LIMITS, type DefaultReplacementId, type EntryProblem, type Replacement, type ReplacementLists } from '@/lib/player/replacements';
import { readToken } from '@/lib/storage';

type Scope = 'story' | 'reader';

const input = 'min-h-10 w-full min-w-0 rounded-md border border-ink/20 bg-paper px-2 text-sm dark:border-night-line dark:bg-night';
const small = 'inline-flex min-h-10 items-center gap-1 rounded-md px-3 text-sm hover:bg-ink/10 dark:hover:bg-white/10';

/**
 * "Thay thế khi đọc": the reader's replacements for what the voice says, for this story or every
 * story, and the defaults. Loaded when first opened from the player's options.
 */
export function ReplacementsPanel({ player, storyId }: { player: Player; storyId: string }) {
  const id = useId();
  const [lists, setLists] = useState<ReplacementLists | null>(null);
  const [failed, setFailed] = useState(false);
  const [scope, setScope] = useState<Scope>('story');
  const [rows, setRows] = useState<Replacement[]>([]);
  const [disabled, setDisabled] = useState<DefaultReplacementId[]>([]);
  const [problems, setProblems] = useState<EntryProblem[]>([]);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    loadReplacementLists(storyId).then(
      (loaded) => {
        if (!live) return;
        setLists(loaded);
        setRows(loaded.story);
        setDisabled(loaded.disabledDefaults);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [storyId, attempt]);

  const choose = (next: Scope) => {
    if (!lists) return;
    setScope(next);
    setRows(next === 'story' ? lists.story : lists.reader);
    setProblems([]);
    setSaved(null);
  };
  const change = (index: number, patch: Partial<Replacement>) => setRows((current) => current.map((row, at) => (at === index ? { ...row, ...patch } : row)));

  async function save() {
    if (!lists) return;
    setSaving(true);
    setSaved(null);
    try {
      const result = await saveReplacementList(scope === 'story' ? storyId : null, rows, scope === 'reader' ? disabled : undefined);
      const next: ReplacementLists = scope === 'story' ? { ...lists, story: result.entries } : { ...lists, reader: result.entries, disabledDefaults: result.disabledDefaults };
      setLists(next);
      // The entries left out stay on screen with why, to be fixed.
      const refused = new Set(result.problems.map((problem) => problem.index));
      setRows([...result.entries, ...rows.filter((_, index) => refused.has(index))]);
      setProblems(result.problems.map((problem, at) => ({ ...problem, index: result.entries.length + at })));
      player.setReplacements(storyId, next);
      setSaved(result.problems.length > 0 ? `Đã lưu ${result.entries.length} mục; ${result.problems.length} mục chưa hợp lệ.` : `Đã lưu ${result.entries.length} mục.`);
    } catch {
      setSaved('Không lưu được danh sách. Vui lòng thử lại.');
    } finally {
      setSaving(false);
    }
  }

  // Nothing to edit or save until the saved lists are read: saving over them would lose them.
  if (failed) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 px-2 text-sm text-red-700 dark:text-red-300">
        Không tải được danh sách thay thế.
        <button
          type="button"
          className={small}
          onClick={() => {
            setFailed(false);
            setAttempt((value) => value + 1);
          }}
        >
          Thử lại
        </button>
      </div>
    );
  }
  if (!lists) return <p className="px-2 text-sm opacity-70">Đang tải danh sách thay thế…</p>;
  const problemOf = (index: number) => problems.find((problem) => problem.index === index)?.message;

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2 rounded-xl border border-ink/10 p-2 dark:border-night-line" data-testid="replacements-panel">
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        Thay thế khi đọc
      </h3>
      <p className="text-xs opacity-75">Chỉ đổi chữ được đọc, chữ trên trang giữ nguyên. {readToken() ? 'Lưu vào tài khoản.' : 'Chưa đăng nhập: lưu trên thiết bị này.'}</p>
      <div role="radiogroup" aria-label="Danh sách" className="flex gap-1 text-sm">
        {(['story', 'reader'] as const).map((value) => (
          <button key={value} type="button" role="radio" aria-checked={scope === value} onClick={() => choose(value)} className={`${small} ${scope === value ? 'bg-brand text-white hover:bg-brand' : ''}`}>
            {value === 'story' ? 'Truyện này' : 'Mọi truyện'}
          </button>
        ))}
      </div>
      {scope === 'reader' && (
        <fieldset className="space-y-1 text-sm">
          <legend className="text-xs font-medium">Mặc định</legend>
          {DEFAULT_REPLACEMENTS.map((entry) => (
            <label key={entry.id} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="size-5 accent-brand"
                checked={!disabled.includes(entry.id)}
                onChange={(event) => setDisabled((current) => (event.target.checked ? current.filter((value) => value !== entry.id) : [...current, entry.id]))}
              />
              {entry.label}
            </label>
          ))}
        </fieldset>
      )}
      <ul className="max-h-64 space-y-2 overflow-y-auto" aria-label="Các mục thay thế">
        {rows.map((row, index) => (
          <li key={index} className="space-y-1">
            <div className="grid grid-cols-[1fr_1fr_auto_auto] items-center gap-1">
              <input className={input} aria-label={`Chữ gốc mục ${index + 1}`} placeholder="Chữ gốc" maxLength={REPLACEMENT_LIMITS.chars + 20} value={row.from} onChange={(event) => change(index, { from: event.target.value })} aria-invalid={!!problemOf(index)} />
              <input className={input} aria-label={`Đọc thành mục ${index + 1}`} placeholder="Đọc thành" maxLength={REPLACEMENT_LIMITS.chars + 20} value={row.to} onChange={(event) => change(index, { to: event.target.value })} />
              <label className="flex items-center gap-1 text-xs" title="Chỉ thay khi là cả từ">
                <input type="checkbox" className="size-4 accent-brand" checked={row.wholeWord} onChange={(event) => change(index, { wholeWord: event.target.checked })} />
                Cả từ
              </label>
              <button type="button" className="rounded p-2 hover:bg-ink/10" aria-label={`Xóa mục ${index + 1}`} onClick={() => setRows((current) => current.filter((_, at) => at !== index))}>
                <Trash2 aria-hidden className="size-4" />
              </button>
            </div>
            {problemOf(index) && <p className="text-xs text-red-700 dark:text-red-300">{problemOf(index)}</p>}
          </li>
        ))}
      </ul>
      {rows.length === 0 && <p className="text-xs opacity-70">Chưa có mục nào.</p>}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button type="button" className={small} disabled={rows.length >= REPLACEMENT_LIMITS.entries} onClick={() => setRows((current) => [...current, { from: '', to: '', wholeWord: true }])}>
          <Plus aria-hidden className="size-4" /> Thêm mục
        </button>
        <span className="text-xs opacity-70">
          {rows.length}/{REPLACEMENT_LIMITS.entries}
        </span>
        <button type="button" className="min-h-10 rounded-md bg-brand px-4 text-sm text-white disabled:opacity-50" disabled={saving} onClick={() => void save()}>
          {saving ? 'Đang lưu…' : 'Lưu danh sách'}
        </button>
      </div>
      {saved && (
        <p role="status" className="text-xs">
          {saved}
        </p>
      )}
    </section>
  );
}
