/**
 * Readers' reports and copyright requests (issue 29's contract): the reasons, the limits the API
 * enforces, and the copyright form's checks, written once for the dialog, the form and the tests.
 * No API client here, so a page can show the form without loading it.
 */

export type ReportTarget = 'comment' | 'review' | 'story';
export type ReportReason = 'spam' | 'abuse' | 'spoiler' | 'wrong_content' | 'copyright' | 'other';

/** The reasons a reader picks from, in the order shown. */
export const REPORT_REASONS: { key: ReportReason; name: string }[] = [
  { key: 'spam', name: 'Spam' },
  { key: 'abuse', name: 'Nội dung xúc phạm' },
  { key: 'spoiler', name: 'Tiết lộ nội dung (spoiler)' },
  { key: 'wrong_content', name: 'Sai nội dung' },
  { key: 'copyright', name: 'Vi phạm bản quyền' },
  { key: 'other', name: 'Khác' },
];

export const MAX_REPORT_DETAIL = 1_000;
export const MAX_CLAIM_NAME = 200;
export const MAX_CLAIM_LINKS = 20;
export const MIN_CLAIM_STATEMENT = 20;
export const MAX_CLAIM_STATEMENT = 5_000;

export interface NewReport {
  targetType: ReportTarget;
  targetId: string;
  reason: ReportReason;
  detail?: string;
}

export interface CopyrightClaim {
  name: string;
  email: string;
  links: string[];
  statement: string;
}

/** What the copyright form holds: the links as typed, one per line. */
export interface CopyrightDraft {
  name: string;
  email: string;
  links: string;
  statement: string;
}

export type ClaimProblems = Partial<Record<keyof CopyrightDraft, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The site's addresses: the configured one, to which links are sent, and others it answers on. */
export interface SiteOrigins {
  site: string;
  aliases: string[];
}

/**
 * The links of a draft, one a line, as URLs on the configured site (`origins.site`): a line
 * starting with "/" is a path there, and a link on another address of the site (the one in use
 * in the browser) is taken to the same page there. `bad` is the first line that is not a page of
 * the site.
 */
function siteLinks(text: string, origins: SiteOrigins): { links: string[]; bad: string | null } {
  const links: string[] = [];
  const accepted = [origins.site, ...origins.aliases];
  for (const line of text.split(/\r?\n/).map((entry) => entry.trim()).filter(Boolean)) {
    let url: URL;
    try {
      url = new URL(line, line.startsWith('/') ? origins.site : undefined);
    } catch {
      return { links, bad: line };
    }
    if (!accepted.includes(url.origin) || url.pathname === '/') return { links, bad: line };
    links.push(new URL(`${url.pathname}${url.search}`, origins.site).href);
  }
  return { links, bad: null };
}

/** Checks a draft as the API will; the claim to send, or the problem of each field in Vietnamese. */
export function checkCopyrightDraft(draft: CopyrightDraft, origins: SiteOrigins): { claim: CopyrightClaim } | { problems: ClaimProblems } {
  const problems: ClaimProblems = {};
  const name = draft.name.trim();
  const email = draft.email.trim();
  const statement = draft.statement.trim();
  if (!name) problems.name = 'Vui lòng nhập họ tên của bạn.';
  else if (name.length > MAX_CLAIM_NAME) problems.name = `Họ tên tối đa ${MAX_CLAIM_NAME} ký tự.`;
  if (!email) problems.email = 'Vui lòng nhập email để chúng tôi liên hệ lại.';
  else if (!EMAIL.test(email)) problems.email = 'Email không hợp lệ.';
  const { links, bad } = siteLinks(draft.links, origins);
  if (bad !== null) problems.links = `“${bad}” không phải đường dẫn tới một truyện trên trang của chúng tôi.`;
  else if (links.length === 0) problems.links = 'Vui lòng dán ít nhất một đường dẫn truyện trên trang của chúng tôi.';
  else if (links.length > MAX_CLAIM_LINKS) problems.links = `Tối đa ${MAX_CLAIM_LINKS} đường dẫn mỗi lần gửi.`;
  if (statement.length < MIN_CLAIM_STATEMENT) problems.statement = `Vui lòng mô tả yêu cầu của bạn (ít nhất ${MIN_CLAIM_STATEMENT} ký tự).`;
  else if (statement.length > MAX_CLAIM_STATEMENT) problems.statement = `Nội dung tối đa ${MAX_CLAIM_STATEMENT.toLocaleString('vi-VN')} ký tự.`;
  if (Object.keys(problems).length > 0) return { problems };
  return { claim: { name, email, links, statement } };
}
