import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { convertEachLine } from '@/server/convert/engine';
import { paragraphAgreement } from '@/server/convert/qt/agreement';
import { emptyDictionaries, loadDictionaries } from '@/server/convert/qt/load';
import { qtReference } from '@/server/convert/qt/reference';
import { biqu22Adapter } from '@/server/sources/adapters/biqu22';
import { ixdzs8Adapter } from '@/server/sources/adapters/ixdzs8';
import { shuba69Adapter } from '@/server/sources/adapters/shuba69';
import type { SourceAdapter, TextFetcher } from '@/server/sources/types';
import { STOCK_QT_DIR } from './convertAgreement';

/** Chapters other crawlers' authors saved from the live sites, read in place, never copied here. */
const SAVED_PAGES = path.join(process.cwd(), '..', 'shared', 'real-data', 'sources');

/** Real chapters of three popular novels as Nhúng reads them; never used to tune the converter. */
const CHAPTERS: { name: string; adapter: SourceAdapter; url: string; file: string }[] = [
  { name: 'shuba69', adapter: shuba69Adapter, url: 'https://www.69shuba.com/txt/59024/38369377', file: '69shuba/noveltrans-chapter.html' },
  { name: 'ixdzs8', adapter: ixdzs8Adapter, url: 'https://ixdzs8.com/read/620438/p1.html', file: 'ixdzs8/noveltrans-chapter.html' },
  { name: 'biqu22', adapter: biqu22Adapter, url: 'https://m.22biqu.net/biqu96978/45523663_2.html', file: '22biqu/aimotion-_ch1p2.html' },
];

function savedPage(file: string): TextFetcher {
  const fetcher = async <T>(url: string, request: { parse: (text: string, at: string) => T }): Promise<T> =>
    request.parse(readFileSync(path.join(SAVED_PAGES, file), 'utf8').replace(/^\uFEFF/, ''), url);
  return fetcher as TextFetcher;
}

/**
 * Agreement (syllable F1 per paragraph) of the built-in mode with QuickTranslator's algorithm on
 * its stock files, over real chapters taken from saved pages by the sites' adapters: per chapter
 * and over all of them, with their count of Han characters.
 */
export async function realChapterAgreement(): Promise<Record<string, number | string>> {
  if (!existsSync(SAVED_PAGES) || !existsSync(STOCK_QT_DIR)) return { realChapters: `skipped: ${SAVED_PAGES} or ${STOCK_QT_DIR} is absent` };
  const { dictionaries: stock } = await loadDictionaries({ vietPhrase: [], names: [], qtDir: STOCK_QT_DIR });
  const result: Record<string, number | string> = {};
  const all = { reference: [] as string[], builtIn: [] as string[] };
  let han = 0;
  for (const { name, adapter, url, file } of CHAPTERS) {
    const { paragraphs } = await adapter.fetchChapter(url, savedPage(file));
    const text = paragraphs.join('\n');
    han += (text.match(/\p{Script=Han}/gu) ?? []).length;
    const reference = qtReference(text, stock);
    const builtIn = convertEachLine(text, { dictionaries: emptyDictionaries() });
    result[`agreementBuiltIn_real_${name}`] = Math.round(paragraphAgreement(builtIn, reference) * 1000) / 1000;
    all.reference.push(...reference);
    all.builtIn.push(...builtIn);
  }
  result.realChaptersHan = han;
  result.agreementBuiltIn_real_all = Math.round(paragraphAgreement(all.builtIn, all.reference) * 1000) / 1000;
  return result;
}
