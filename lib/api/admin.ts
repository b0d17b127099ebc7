import type { ReportReason } from '../reports';
import { api } from './client';
import { loudly } from './policy';

/**
 * The operator calls (/api/admin/…, issue 29's contract). Every call rethrows, so the console can
 * say why it failed (the API's Vietnamese `{message}`, see `describe` in ./policy).
 */

export interface Paged<T> {
  results: T[];
  total: number;
  /** 0-based. */
  page: number;
  perpage: number;
}

export interface PageQuery {
  /** 0-based. */
  page?: number;
  perpage?: number;
}

export interface AdminMe {
  _id: string;
  email: string;
  username: string;
  role: 'admin';
}

export interface AuditEntry {
  _id: string;
  actor: { _id: string; email: string } | null;
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
  note: string | null;
  createdAt: number;
}

export type ReportStatus = 'new' | 'in_progress' | 'resolved' | 'rejected';
export type ReportTargetType = 'comment' | 'review' | 'story' | 'copyright';

export interface Report {
  _id: string;
  targetType: ReportTargetType;
  targetId: string | null;
  reason: ReportReason;
  detail: string | null;
  status: ReportStatus;
  reporter: { _id: string; email: string } | null;
  contact: { name: string; email: string } | null;
  links: string[];
  statement: string | null;
  target: {
    story: { _id: string; slug: string; title: string } | null;
    content: string | null;
    author: { _id: string; username: string } | null;
    hidden: boolean;
  } | null;
  note: string | null;
  handledBy: { _id: string; email: string } | null;
  createdAt: number;
  updatedAt: number;
}

export interface UserMute {
  until: number;
  reason: string;
}

export interface AdminUser {
  _id: string;
  email: string;
  username: string;
  role: string;
  /** VIP expiry, unix seconds (as UserProfile.expireTime). */
  expireTime: number;
  createdAt: number;
  mute: UserMute | null;
}

export interface AdminComment {
  _id: string;
  truyenId: string;
  story: { slug: string; title: string } | null;
  chapter: number | null;
  content: string;
  hidden: boolean;
  deleted: boolean;
  createdAt: number;
}

export interface AdminReview {
  _id: string;
  truyenId: string;
  story: { slug: string; title: string } | null;
  rating: number;
  content: string;
  hidden: boolean;
  createdAt: number;
}

export interface IpnRecord {
  at: number;
  code: string;
  ok: boolean;
}

export interface AdminOrder {
  _id: string;
  ref: string;
  email: string | null;
  plan: string;
  amount: number;
  status: string;
  provider: string;
  providerRef: string | null;
  paidAt: number | null;
  createdAt: number;
  ipn: IpnRecord[];
}

export interface AdminAccount {
  user: AdminUser;
  comments: AdminComment[];
  reviews: AdminReview[];
  orders: AdminOrder[];
}

export interface StorySource {
  site: string;
  sourceUrl: string;
  following: boolean;
  lastCheckedAt: number | null;
  lastError: string | null;
}

export interface AdminStory {
  _id: string;
  slug: string;
  title: string;
  author: string;
  description: string;
  cover: string | null;
  status: 'ongoing' | 'completed';
  genres: { _id: string; name: string }[];
  chapters: number;
  hidden: boolean;
  origin: 'native' | 'embedded';
  updatedAt: number;
  source: StorySource | null;
}

/** One source of an embedded story, as the console's story screen lists it. */
export interface AdminStorySource {
  _id: string;
  site: string;
  siteName: string;
  sourceUrl: string;
  priority: number;
  serving: boolean;
  failures: number;
  lastError: string | null;
  lastErrorAt: number | null;
  /** When a source that handed over is tried again. */
  retryAt: number | null;
  /** Chapters the site lists / of the story's chapters it has. */
  chapterCount: number;
  aligned: number;
  addedBy: 'embed' | 'reader' | 'operator';
}

/** A switch of serving source: a failover, a return, or an operator's choice. */
export interface AdminSourceSwitch {
  action: string;
  from: string | null;
  to: string | null;
  note: string;
  actor: string;
  at: number;
}

export interface AdminStorySources {
  sources: AdminStorySource[];
  switches: AdminSourceSwitch[];
  /** Every source has failed its way out: the story keeps what was read and says so. */
  allFailing: boolean;
}

/** A site's canonical domain: set in the console, by SOURCE_DOMAINS, or the adapter's own. */
export interface AdminSiteDomain {
  site: string;
  name: string;
  domain: string;
  origin: 'console' | 'setting' | 'adapter';
  /** The domains the site's links are recognised on. */
  hosts: string[];
}

export interface StoryPatch {
  title?: string;
  author?: string;
  genres?: string[];
  status?: 'ongoing' | 'completed';
  description?: string;
  cover?: string;
}

export interface DailyFigures {
  day: string;
  reads: number;
  listens: number;
  signups: number;
  revenue: number;
}

export interface SourceFigures {
  site: string;
  day: string;
  fetches: number;
  blocks: number;
  challenges: number;
  parseErrors: number;
}

export interface AdminHealth {
  daily: DailyFigures[];
  sources: SourceFigures[];
  now: Record<string, Record<string, unknown> | null>;
}

export interface LoadedDictionary {
  kind: string;
  /** The configured files or QuickTranslator folder it came from. */
  file: string;
  entries: number;
  /** Lines skipped while reading, when the loader reports them. */
  skipped: number | null;
  firstSkipped: string[] | string | null;
}

export interface DictionaryState {
  loaded: LoadedDictionary[];
  configured?: { vietPhrase: string[]; names: string[]; qtDir: string | null };
  /** Whether this site can load a file sent from the console. */
  uploads?: boolean;
}

export interface DictionaryLoad {
  entries: number;
  skipped: number;
  firstSkipped: string[] | string | null;
}

/** A story whose names list has proposals or shared entries (Tên riêng). */
export interface AdminNameStory {
  _id: string;
  slug: string;
  title: string;
  hidden: boolean;
  /** Proposed forms that differ from the shared list. */
  pending: number;
  /** Proposals of every form. */
  proposals: number;
  /** Entries of the shared list. */
  shared: number;
  lastProposalAt: number | null;
}

/** One proposed form of a name, with the readers proposing it. */
export interface AdminNameProposal {
  original: string;
  translation: string;
  /** Proposers that count now (not muted, account older than a day). */
  supporters: number;
  /** Proposers of this form, counting or not. */
  proposers: number;
  /** The first proposers (at most 20). */
  readers: { _id: string; email: string; username: string; eligible: boolean }[];
  /** The shared form of the name now, if any. */
  current: { translation: string; locked: boolean } | null;
  firstAt: number;
  lastAt: number;
}

export interface AdminSharedName {
  original: string;
  translation: string;
  locked: boolean;
  source: 'operator' | 'readers' | 'migrated';
  /** The operator who decided it last ('cli' or an account id); null when readers shared it. */
  decidedBy: string | null;
  /** Readers whose own list gives this same form. */
  readers: number;
  sharedAt: number;
}

export interface AdminStoryNames {
  story: { _id: string; slug: string; title: string; hidden: boolean };
  threshold: number;
  /** Proposed forms that differ from the shared list, most supported first. */
  proposals: AdminNameProposal[];
  shared: AdminSharedName[];
}

type Query = Record<string, string | number | boolean | undefined>;

/** Leaves out empty filters, so the API sees only what the operator chose. */
function params(query: Query): Query {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ''));
}

const get = <T>(label: string, url: string, query: Query = {}) => loudly(label, async () => (await api.get<T>(url, { params: params(query) })).data);
const message = <T>(label: string, call: () => Promise<{ data: { message: T } }>) => loudly(label, async () => (await call()).data.message);
const id = encodeURIComponent;

export const getAdminMe = () => message<AdminMe>('getAdminMe', () => api.get('/admin/me'));

export const listAudit = (query: PageQuery & { action?: string; targetType?: string; targetId?: string }) =>
  get<Paged<AuditEntry>>('listAudit', '/admin/audit', { ...query });

export const listReports = (query: PageQuery & { status?: ReportStatus; targetType?: ReportTargetType }) =>
  get<Paged<Report>>('listReports', '/admin/reports', { ...query });

export const updateReport = (reportId: string, body: { status: ReportStatus; note?: string }) =>
  message<Report>('updateReport', () => api.patch(`/admin/reports/${id(reportId)}`, body));

export type WritingKind = 'comments' | 'reviews';

/** Hides or restores a comment or a review, with the operator's reason. */
export const moderateWriting = (kind: WritingKind, writingId: string, action: 'hide' | 'restore', reason: string) =>
  message<{ _id: string; hidden: boolean }>('moderateWriting', () => api.post(`/admin/${kind}/${id(writingId)}/${action}`, { reason }));

export const listUsers = (query: PageQuery & { query?: string }) => get<Paged<AdminUser>>('listUsers', '/admin/users', { ...query });

export const getAccount = (userId: string) => message<AdminAccount>('getAccount', () => api.get(`/admin/users/${id(userId)}`));

export const muteUser = (userId: string, days: number, reason: string) =>
  message<AdminUser>('muteUser', () => api.post(`/admin/users/${id(userId)}/mute`, { days, reason }));

export const unmuteUser = (userId: string, reason?: string) =>
  message<AdminUser>('unmuteUser', () => api.delete(`/admin/users/${id(userId)}/mute`, { data: reason ? { reason } : {} }));

export const listStories = (query: PageQuery & { query?: string; hidden?: 'true' | 'false'; origin?: 'native' | 'embedded' }) =>
  get<Paged<AdminStory>>('listStories', '/admin/stories', { ...query });

export const getAdminStory = (storyId: string) => message<AdminStory>('getAdminStory', () => api.get(`/admin/stories/${id(storyId)}`));

export const updateStory = (storyId: string, patch: StoryPatch) =>
  message<AdminStory>('updateStory', () => api.patch(`/admin/stories/${id(storyId)}`, patch));

export const getStorySources = (storyId: string) => message<AdminStorySources>('getStorySources', () => api.get(`/admin/stories/${id(storyId)}/sources`));

/** Adds another site's copy of the story as a source. */
export const addStorySource = (storyId: string, link: string) =>
  message<AdminStorySources>('addStorySource', () => api.post(`/admin/stories/${id(storyId)}/sources`, { link }, { timeout: 120_000 }));

/** Makes one of the story's sources the serving one. */
export const serveStorySource = (storyId: string, sourceId: string) =>
  message<AdminStorySources>('serveStorySource', () => api.patch(`/admin/stories/${id(storyId)}/sources`, { sourceId }));

export const getSiteDomains = () => message<AdminSiteDomain[]>('getSiteDomains', () => api.get('/admin/sources/domains'));

/** Sets a site's canonical domain ('' goes back to SOURCE_DOMAINS or the adapter's own). */
export const setSiteDomain = (site: string, domain: string) =>
  message<AdminSiteDomain[]>('setSiteDomain', () => api.put('/admin/sources/domains', { site, domain }));

export type StoryAction = 'hide' | 'unhide' | 'remove';

export const storyAction = (storyId: string, action: StoryAction, note: string) =>
  message<AdminStory | { _id: string; removed: true }>('storyAction', () => api.post(`/admin/stories/${id(storyId)}/${action}`, { note }));

export const listOrders = (query: PageQuery & { query?: string; status?: string }) =>
  get<Paged<AdminOrder>>('listOrders', '/admin/vip/orders', { ...query });

export const grantVip = (email: string, days: number, reason: string) =>
  message<AdminUser>('grantVip', () => api.post('/admin/vip/grant', { email, days, reason }));

export const getHealth = () => message<AdminHealth>('getHealth', () => api.get('/admin/health'));

export const getDictionaries = () => message<DictionaryState>('getDictionaries', () => api.get('/admin/dictionaries'));

export const uploadDictionary = (kind: 'vietphrase' | 'names', name: string, text: string) =>
  message<DictionaryLoad>('uploadDictionary', () => api.post('/admin/dictionaries', { kind, name, text }));

export const tryDictionary = (text: string) => message<string>('tryDictionary', () => api.post('/admin/dictionaries/try', { text }));

export const listNameStories = (query: PageQuery) => get<Paged<AdminNameStory>>('listNameStories', '/admin/names', { ...query });

export const getStoryNamesAdmin = (storyId: string) => message<AdminStoryNames>('getStoryNamesAdmin', () => api.get(`/admin/names/${id(storyId)}`));

/** Makes `translation` the story's shared form of `original` (optionally locked). */
export const acceptStoryName = (storyId: string, body: { original: string; translation: string; locked?: boolean; note?: string }) =>
  message<AdminStoryNames>('acceptStoryName', () => api.post(`/admin/names/${id(storyId)}/accept`, body));

/** Drops every proposal of one form of a name. */
export const rejectStoryName = (storyId: string, body: { original: string; translation: string; note?: string }) =>
  message<AdminStoryNames>('rejectStoryName', () => api.post(`/admin/names/${id(storyId)}/reject`, body));

export const lockStoryName = (storyId: string, body: { original: string; locked: boolean; note?: string }) =>
  message<AdminStoryNames>('lockStoryName', () => api.post(`/admin/names/${id(storyId)}/lock`, body));

/** Takes an entry out of the story's shared list. */
export const removeStoryName = (storyId: string, body: { original: string; note?: string }) =>
  message<AdminStoryNames>('removeStoryName', () => api.post(`/admin/names/${id(storyId)}/remove`, body));

/** The HTTP status of a failed call (401, 403, …), or undefined for a network error. */
export function errorStatus(error: unknown): number | undefined {
  return (error as { response?: { status?: number } })?.response?.status;
}
