import { Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { saveStoryNames, type StoryNames } from '@/lib/api/embedding';
import { formatNamesList, parseNamesList } from '@/lib/namesList';
import { HINT, PRIMARY_BUTTON, type NoticeState } from './ui';

const EXAMPLE = '林渊=Lâm Uyên\n青云宗=Thanh Vân Tông';

/** The reader's own names list: checked line by line, saved with PUT; it applies to this reader only. */
export function OwnNamesForm(props: {
  storyId: string;
  data: StoryNames;
  notice: NoticeState | null;
  noticeId: string;
  onSaved: (data: StoryNames, notice: NoticeState) => void;
  onNotice: (notice: NoticeState | null) => void;
}) {
  const { storyId, data, notice, noticeId, onSaved, onNotice } = props;
  const id = useId();
  const [text, setText] = useState(() => formatNamesList(data.mine));
  const [shown, setShown] = useState(data.mine);
  const [busy, setBusy] = useState(false);
  // A list changed elsewhere (a pack import, a proposal) replaces the text.
  if (shown !== data.mine) {
    setShown(data.mine);
    setText(formatNamesList(data.mine));
  }

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    const { names, errors } = parseNamesList(text);
    if (errors.length > 0) {
      onNotice({ tone: 'error', lines: errors, form: true });
      return;
    }
    setBusy(true);
    const answer = await saveStoryNames(storyId, names);
    setBusy(false);
    if (!answer.ok) {
      onNotice({ tone: 'error', lines: [answer.message], form: true });
      return;
    }
    const count = Object.keys(answer.data.mine).length;
    onSaved(answer.data, { tone: 'done', lines: [`Đã lưu ${count} tên riêng.`, 'Tên của bạn chỉ áp dụng khi bạn đọc; muốn mọi độc giả cùng dùng, hãy đề xuất dùng chung.'], form: true });
  };
  // Ctrl+Enter (⌘+Enter) saves from inside the text box, where Enter starts a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void save();
  };
  const aboutForm = notice?.form === true;

  return (
    <form onSubmit={(event) => void save(event)} noValidate className="space-y-3" aria-label="Sửa tên riêng">
      <label htmlFor={`${id}-names`} className="block font-semibold">
        Tên riêng của bạn
      </label>
      <p id={`${id}-hint`} className={HINT}>
        Mỗi dòng một tên theo dạng <code className="rounded bg-ink/5 px-1 dark:bg-white/10">中文=Tên Việt</code>, ví dụ{' '}
        <code className="rounded bg-ink/5 px-1 dark:bg-white/10">林渊=Lâm Uyên</code>. Các tên này chỉ áp dụng cho bạn, đè lên tên dùng chung của truyện. Bấm Ctrl+Enter để lưu
        nhanh.
      </p>
      <textarea
        id={`${id}-names`}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (notice?.tone === 'done') onNotice(null);
        }}
        onKeyDown={onKeyDown}
        rows={8}
        spellCheck={false}
        autoComplete="off"
        placeholder={EXAMPLE}
        aria-describedby={`${id}-hint${aboutForm ? ` ${noticeId}` : ''}`}
        aria-invalid={aboutForm && notice?.tone === 'error'}
        className="block w-full resize-y rounded-lg border border-ink/20 bg-white p-3 font-mono text-base leading-relaxed dark:border-night-line dark:bg-night-raised"
      />
      <button type="submit" disabled={busy} className={`${PRIMARY_BUTTON} w-full sm:w-auto`}>
        {busy && <Loader2 aria-hidden className="size-5 animate-spin" />}
        Lưu tên riêng
      </button>
    </form>
  );
}
