import { z } from 'zod';
import { FetchError, isSourceBlocked } from '@/server/fetch/errors';
import { badRequest, HttpError } from '@/server/http/errors';
import { ADAPTERS, findAdapter, SourceParseError, supportedSitesMessage, type SourceAdapter } from '@/server/sources';
import { toHomeHost } from '@/server/sources/domains';

export const MAX_LINK_LENGTH = 500;

/** The body of preview and embed: one pasted link. */
export const ZEmbedLinkInput = z.object({
  link: z
    .string({ error: 'Hãy dán liên kết truyện.' })
    .trim()
    .min(1, 'Hãy dán liên kết truyện.')
    .max(MAX_LINK_LENGTH, `Liên kết dài quá ${MAX_LINK_LENGTH} ký tự.`),
});
export type TEmbedLinkInput = z.infer<typeof ZEmbedLinkInput>;

/** The pasted link of a request body; 400 with the field's own Vietnamese message. */
export function parseLinkInput(body: unknown): string {
  const parsed = ZEmbedLinkInput.safeParse(body ?? {});
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Liên kết không hợp lệ.');
  return parsed.data.link;
}

export interface ResolvedLink {
  adapter: SourceAdapter;
  bookId: string;
  chapterId?: string;
  /** The canonical book page: one story per source, however the link was written. */
  sourceUrl: string;
}

/** The adapter, book and chapter a pasted link names; 400 listing the supported sites otherwise. */
export function resolveLink(link: string): ResolvedLink {
  const match = link.length <= MAX_LINK_LENGTH ? (findAdapter(link) ?? findAdapter(onHomeHost(link))) : null;
  if (!match) throw badRequest(supportedSitesMessage());
  return { ...match, sourceUrl: match.adapter.bookUrl(match.bookId) };
}

/** A link on a site's current domain (one its adapter does not list) written on the adapter's own host. */
function onHomeHost(link: string): string {
  const text = link.trim();
  try {
    return toHomeHost(ADAPTERS, /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return text;
  }
}

/** The chapter id a chapter URL of this adapter names, if it names one. */
export function chapterIdOf(adapter: SourceAdapter, url: string): string | undefined {
  try {
    return adapter.parseUrl(new URL(url))?.chapterId;
  } catch {
    return undefined;
  }
}

/** What a reader is told to wait when a blocking source gave no Retry-After. */
const SOURCE_RETRY_AFTER_MS = 5 * 60_000;

/** True when a source refused automated access (directly or as the HttpError made of it). */
export function isSourceBlockedError(error: unknown): boolean {
  return isSourceBlocked(error) || (error instanceof HttpError && isSourceBlocked(error.cause));
}

/** HTTP status for a source failure: refused links 400, missing books 404, a blocking source 503. */
function statusOf(error: FetchError): number {
  if (['BAD_URL', 'BAD_SCHEME', 'UNSUPPORTED_HOST', 'BLOCKED_ADDRESS'].includes(error.code)) return 400;
  if (error.code === 'SOURCE_NOT_FOUND') return 404;
  if (error.code === 'SOURCE_BLOCKED') return 503;
  return 502;
}

/**
 * A failure of the source site as an HttpError with the reader's Vietnamese message: refused
 * links are 400, a book the site does not have 404, a site refusing automated access 503 ("thử
 * lại sau"), a source that fails or changed its pages 502. Other errors pass unchanged.
 */
export function sourceError(error: unknown): unknown {
  if (error instanceof FetchError) {
    const status = statusOf(error);
    const retryAfter = status === 503 ? Math.ceil((error.retryAfterMs ?? SOURCE_RETRY_AFTER_MS) / 1000) : undefined;
    const http = new HttpError(status, error.userMessage, retryAfter);
    http.cause = error;
    return http;
  }
  if (error instanceof SourceParseError) return new HttpError(502, error.userMessage);
  return error;
}

/** Runs a call to the source site, turning its failures into reader-facing errors. */
export async function fromSource<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw sourceError(error);
  }
}
