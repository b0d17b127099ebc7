import { simplify } from '@/server/convert/simplify';

/**
 * What the sites add around a book's own title: a status or edition in brackets
 * (（全本）, 【完结】, (精校版)), or after it without brackets (全文阅读, 最新章节, 无弹窗).
 */
const TITLE_DECORATION = /[（(【\[［〔][^）)】\]］〕]{0,12}[）)】\]］〕]|(?:全文阅读|最新章节(?:列表)?|无弹窗|免费阅读|全文免费阅读|txt下载)$/giu;

/** Labels the sites put before an author's name. */
const AUTHOR_LABEL = /^(?:作\s*者|作家|著)\s*[:：]?/u;

/** Spacing, punctuation and symbols of every script, full-width forms included (after NFKC). */
const NOISE = /[\s\p{P}\p{S}\u3000]+/gu;

function compact(text: string): string {
  return simplify(text.normalize('NFKC')).replace(NOISE, '').toLowerCase();
}

/** A title as every site writes it: simplified, without decorations, spacing or punctuation. */
export function normaliseTitle(title: string): string {
  let text = title.normalize('NFKC').trim();
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(TITLE_DECORATION, '').trim();
  }
  return compact(text);
}

/** An author's name as every site writes it: simplified, without its label, spacing or punctuation. */
export function normaliseAuthor(author: string): string {
  return compact(author.normalize('NFKC').trim().replace(AUTHOR_LABEL, ''));
}

/**
 * The key one book has on every site: its normalised title and author. Two sources hold the
 * same book when their keys are equal; an unknown author ('') matches only an unknown author.
 */
export function bookKey(book: { title: string; author: string }): string {
  return `${normaliseTitle(book.title)}|${normaliseAuthor(book.author)}`;
}
