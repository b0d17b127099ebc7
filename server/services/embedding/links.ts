import { z } from 'zod';
import { FetchError } from '@/server/fetch/errors';
import { badRequest, HttpError } from '@/server/http/errors';
import { findAdapter, SourceParseError, supportedSitesMessage, type SourceAdapter } from '@/server/sources';

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
  const match = link.length <= MAX_LINK_LENGTH ? findAdapter(link) : null;
  if (!match) throw badRequest(supportedSitesMessage());
  return { ...match, sourceUrl: match.adapter.bookUrl(match.bookId) };
}

/** The chapter id a chapter URL of this adapter names, if it names one. */
export function chapterIdOf(adapter: SourceAdapter, url: string): string | undefined {
  try {
    return adapter.parseUrl(new URL(url))?.chapterId;
  } catch {
    return undefined;
  }
}

/**
 * A failure of the source site as an HttpError with the reader's Vietnamese message: refused
 * links are 400, a source that fails or changed its pages is 502. Other errors pass unchanged.
 */
export function sourceError(error: unknown): unknown {
  if (error instanceof FetchError) {
    const refused = ['BAD_URL', 'BAD_SCHEME', 'UNSUPPORTED_HOST', 'BLOCKED_ADDRESS'].includes(error.code);
    return new HttpError(refused ? 400 : 502, error.userMessage);
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
