import { CircleCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { serverMessage } from '@/lib/api/policy';
import { publicEnv } from '@/lib/publicEnv';
import { checkCopyrightDraft, MAX_CLAIM_LINKS, MIN_CLAIM_STATEMENT, type ClaimProblems, type CopyrightDraft, type SiteOrigins } from '@/lib/reports';

const EMPTY: CopyrightDraft = { name: '', email: '', links: '', statement: '' };
const FIELDS: (keyof CopyrightDraft)[] = ['name', 'email', 'links', 'statement'];

const INPUT =
  'w-full rounded-lg border border-ink/20 bg-white px-3 py-2 text-base text-ink placeholder:text-ink-soft/70 focus:border-brand aria-[invalid=true]:border-red-600 dark:border-night-line dark:bg-night-raised dark:text-neutral-100 dark:placeholder:text-neutral-500 dark:aria-[invalid=true]:border-red-400';

/** The configured address of the site, and the one in use when it differs (links there mean the same page). */
function siteOrigins(): SiteOrigins {
  return { site: new URL(publicEnv.siteUrl).origin, aliases: [window.location.origin] };
}

/**
 * The copyright owner's request to take stories down: who they are, how to reach them, the links
 * of the stories on our site and a statement. Checked here in Vietnamese before sending; the API
 * client loads only when the form is sent, so the page stays light.
 */
export function CopyrightForm() {
  const id = useId();
  const [draft, setDraft] = useState<CopyrightDraft>(EMPTY);
  const [problems, setProblems] = useState<ClaimProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [receipt, setReceipt] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const thanks = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (receipt) thanks.current?.focus();
  }, [receipt]);

  const change = (field: keyof CopyrightDraft) => (event: { target: { value: string } }) => {
    setDraft((current) => ({ ...current, [field]: event.target.value }));
    if (problems[field]) setProblems((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const checked = checkCopyrightDraft(draft, siteOrigins());
    if ('problems' in checked) {
      setProblems(checked.problems);
      const first = FIELDS.find((field) => checked.problems[field]);
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setProblems({});
    setFailure(null);
    setSending(true);
    try {
      const { sendCopyrightClaim } = await import('@/lib/api/reports');
      const answer = await sendCopyrightClaim(checked.claim);
      setReceipt(answer._id);
      setDraft(EMPTY);
    } catch (error) {
      setFailure(serverMessage(error) ?? 'Không gửi được yêu cầu, vui lòng kiểm tra kết nối mạng và thử lại.');
    } finally {
      setSending(false);
    }
  }

  if (receipt) {
    return (
      <div ref={thanks} tabIndex={-1} role="status" className="flex flex-col gap-3 rounded-xl border border-green-700/30 bg-green-50 p-4 text-green-950 dark:border-green-400/30 dark:bg-green-950 dark:text-green-50" data-testid="copyright-receipt">
        <p className="flex items-start gap-2 font-semibold">
          <CircleCheck size={20} aria-hidden className="mt-0.5 shrink-0" />
          Chúng tôi đã nhận yêu cầu của bạn.
        </p>
        <p className="text-sm">
          Mã yêu cầu: <strong>{receipt}</strong>. Chúng tôi sẽ xác minh và gỡ truyện vi phạm, rồi trả lời bạn qua email đã cung cấp.
        </p>
        <button type="button" onClick={() => setReceipt(null)} className="self-start text-sm font-semibold underline">
          Gửi yêu cầu khác
        </button>
      </div>
    );
  }

  const field = (name: keyof CopyrightDraft) => ({
    id: `${id}-${name}`,
    name,
    value: draft[name],
    onChange: change(name),
    'aria-invalid': Boolean(problems[name]),
    'aria-describedby': `${id}-${name}-hint${problems[name] ? ` ${id}-${name}-problem` : ''}`,
    className: INPUT,
  });

  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-xl border border-ink/10 p-4 dark:border-night-line" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-lg font-bold">
        Gửi yêu cầu gỡ truyện
      </h3>
      <Field id={`${id}-name`} label="Họ và tên hoặc tên tổ chức" hint="Người hoặc đơn vị giữ bản quyền." problem={problems.name}>
        <input type="text" autoComplete="name" {...field('name')} />
      </Field>
      <Field id={`${id}-email`} label="Email liên hệ" hint="Chúng tôi trả lời bạn qua địa chỉ này." problem={problems.email}>
        <input type="email" autoComplete="email" inputMode="email" {...field('email')} />
      </Field>
      <Field id={`${id}-links`} label="Đường dẫn truyện trên trang của chúng tôi" hint={`Mỗi dòng một đường dẫn, tối đa ${MAX_CLAIM_LINKS}.`} problem={problems.links}>
        <textarea rows={3} placeholder={`${publicEnv.siteUrl}/ten-truyen`} {...field('links')} />
      </Field>
      <Field
        id={`${id}-statement`}
        label="Nội dung yêu cầu"
        hint={`Tác phẩm gốc, bằng chứng quyền sở hữu (tác giả, đơn vị phát hành, đường dẫn bản gốc) và yêu cầu của bạn; ít nhất ${MIN_CLAIM_STATEMENT} ký tự.`}
        problem={problems.statement}
      >
        <textarea rows={5} {...field('statement')} />
      </Field>
      {failure && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {failure}
        </p>
      )}
      <button type="submit" disabled={sending} className="self-start rounded-full bg-brand px-5 py-2 font-semibold text-white disabled:opacity-60 dark:bg-brand-dark dark:text-night">
        {sending ? 'Đang gửi…' : 'Gửi yêu cầu'}
      </button>
    </form>
  );
}

function Field({ id, label, hint, problem, children }: { id: string; label: string; hint: string; problem?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-ink-soft dark:text-neutral-400">
        {hint}
      </p>
      {children}
      {problem && (
        <p id={`${id}-problem`} className="text-sm font-medium text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
    </div>
  );
}
