import { useEffect, useId, useState } from 'react';
import { StoryCover } from '@/components/story/StoryCover';
import { useAuth } from '@/hooks/useAuth';
import { updateStory, type AdminStory, type StoryPatch } from '@/lib/api/admin';
import { getSetting } from '@/lib/api/catalogue';
import { STATUS_NAMES } from '@/lib/constants';
import { BUTTON, CARD, FormError, INPUT, LABEL } from '../ui';
import { useFormAction } from '../useFormAction';

interface Draft {
  title: string;
  author: string;
  genres: string[];
  status: 'ongoing' | 'completed';
  description: string;
  cover: string;
}

const draftOf = (story: AdminStory): Draft => ({
  title: story.title,
  author: story.author,
  genres: story.genres.map((genre) => genre.name),
  status: story.status,
  description: story.description,
  cover: story.cover ?? '',
});

/** Only what changed, so the audit log's before/after name the edited fields. */
export function storyPatch(before: Draft, after: Draft): StoryPatch {
  const patch: StoryPatch = {};
  if (after.title.trim() !== before.title) patch.title = after.title.trim();
  if (after.author.trim() !== before.author) patch.author = after.author.trim();
  if (after.status !== before.status) patch.status = after.status;
  if (after.description !== before.description) patch.description = after.description;
  if (after.cover.trim() !== before.cover) patch.cover = after.cover.trim();
  if ([...after.genres].sort().join('|') !== [...before.genres].sort().join('|')) patch.genres = after.genres;
  return patch;
}

/** The genre names to offer: the site's list, plus any of the story's that the list lacks. */
function useGenreNames(current: string[]): string[] {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    void getSetting().then((settings) => live && settings && setNames(settings.cats.map((genre) => genre.name)));
    return () => {
      live = false;
    };
  }, []);
  return [...names, ...current.filter((name) => !names.includes(name))];
}

/** Title, author, genres, status, description and cover of a story, saved with PATCH. */
export function StoryEditForm({ story, onSaved }: { story: AdminStory; onSaved: (story: AdminStory) => void }) {
  const { notify } = useAuth();
  const [draft, setDraft] = useState<Draft>(() => draftOf(story));
  const { busy, error, setError, run } = useFormAction();
  const genreNames = useGenreNames(draftOf(story).genres);
  const id = useId();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const patch = storyPatch(draftOf(story), draft);
    if (Object.keys(patch).length === 0) return setError('Chưa có thay đổi nào để lưu.');
    if (patch.title === '' || patch.author === '') return setError('Tên truyện và tác giả không được để trống.');
    await run(async () => {
      const saved = await updateStory(story._id, patch);
      onSaved(saved);
      setDraft(draftOf(saved));
      notify({ text: 'Đã lưu thông tin truyện.', tone: 'success' });
    });
  };

  return (
    <form onSubmit={submit} className={CARD} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className="mb-3 font-bold">
        Thông tin truyện
      </h2>
      <div className="grid gap-4 md:grid-cols-[1fr_8rem]">
        <div className="space-y-3">
          <div>
            <label htmlFor={`${id}-name`} className={LABEL}>
              Tên truyện
            </label>
            <input id={`${id}-name`} value={draft.title} onChange={(event) => set('title', event.target.value)} required className={INPUT} />
          </div>
          <div>
            <label htmlFor={`${id}-author`} className={LABEL}>
              Tác giả
            </label>
            <input id={`${id}-author`} value={draft.author} onChange={(event) => set('author', event.target.value)} required className={INPUT} />
          </div>
          <div>
            <label htmlFor={`${id}-status`} className={LABEL}>
              Tình trạng
            </label>
            <select id={`${id}-status`} value={draft.status} onChange={(event) => set('status', event.target.value as Draft['status'])} className={INPUT}>
              <option value="ongoing">{STATUS_NAMES.ongoing}</option>
              <option value="completed">{STATUS_NAMES.completed}</option>
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-cover`} className={LABEL}>
              Ảnh bìa (URL)
            </label>
            <input id={`${id}-cover`} type="url" value={draft.cover} onChange={(event) => set('cover', event.target.value)} className={INPUT} placeholder="https://…" />
          </div>
        </div>
        <div className="hidden md:block">
          <p className={LABEL}>Xem trước</p>
          <StoryCover title={draft.title} author={draft.author} cover={draft.cover.trim() || null} decorative />
        </div>
      </div>
      <fieldset className="mt-3">
        <legend className={LABEL}>Thể loại</legend>
        <div className="flex max-h-48 flex-wrap gap-2 overflow-y-auto">
          {genreNames.map((name) => {
            const checked = draft.genres.includes(name);
            return (
              <label key={name} className={`inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1 text-sm ${checked ? 'border-brand bg-brand/10 dark:border-brand-dark dark:bg-brand-dark/15' : 'border-ink/15 dark:border-night-line'}`}>
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() => set('genres', checked ? draft.genres.filter((genre) => genre !== name) : [...draft.genres, name])}
                  className="h-4 w-4 accent-brand"
                />
                {name}
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="mt-3">
        <label htmlFor={`${id}-description`} className={LABEL}>
          Giới thiệu
        </label>
        <textarea id={`${id}-description`} value={draft.description} onChange={(event) => set('description', event.target.value)} rows={6} className={INPUT} />
      </div>
      <FormError message={error} />
      <div className="mt-4 flex justify-end">
        <button type="submit" disabled={busy} className={BUTTON.primary}>
          {busy ? 'Đang lưu…' : 'Lưu thay đổi'}
        </button>
      </div>
    </form>
  );
}
