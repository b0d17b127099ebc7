import { convertParagraphs, convertTitle } from '@/server/convert/engine';
import { dictionariesReady } from '@/server/convert/operatorDictionaries';
import { notFound } from '@/server/http/errors';
import { mapGenres, type SourceBook, type SourceChapterRef, type TextFetcher } from '@/server/sources';
import { fromSource, type ResolvedLink } from './links';
import { convertChapterTitle } from './titles';

/** A source story read and converted: what both the preview and the embed need. */
export interface ConvertedSource {
  book: SourceBook;
  list: SourceChapterRef[];
  title: string;
  author: string;
  description: string;
  genres: string[];
}

export const UNKNOWN_AUTHOR = 'Đang cập nhật';
const NO_CHAPTERS = 'Truyện này chưa có chương nào trên trang nguồn.';

/** Fetches a story's page and whole chapter list from its site and converts what readers see. */
export async function readSource(link: ResolvedLink, fetcher: TextFetcher, names?: Record<string, string>): Promise<ConvertedSource> {
  const { adapter, bookId } = link;
  const [book, list] = await fromSource(() =>
    Promise.all([adapter.fetchBook(bookId, fetcher), adapter.fetchChapterList(bookId, fetcher)]),
  );
  // The operator's dictionaries load in the background from the start; conversions wait for them.
  await dictionariesReady();
  if (list.length === 0) throw notFound(NO_CHAPTERS);
  return {
    book,
    list,
    title: convertTitle(book.title, { names }) || book.title,
    author: book.author ? convertTitle(book.author, { names }) : UNKNOWN_AUTHOR,
    description: convertParagraphs(book.description, { names }).join('\n'),
    genres: mapGenres(book.genres),
  };
}

/** Converted titles of chapter refs, for chapter rows. */
export function convertedChapterTitles(list: readonly SourceChapterRef[], names?: Record<string, string>): string[] {
  return list.map((ref) => convertChapterTitle(ref.title, ref.index, names));
}
