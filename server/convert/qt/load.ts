import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PhraseDictionary } from '../phraseDictionary';
import { readLuatNhan, type LuatNhanRules } from './luatNhan';
import { readEntries, readLines, type FileReport } from './read';

/** The operator's dictionaries, as QuickTranslator has them. */
export interface ConvertDictionaries {
  /** Names2 and Names (proper nouns): they win over VietPhrase and keep their span whole. */
  names: PhraseDictionary;
  vietPhrase: PhraseDictionary;
  /** Pronouns: with Names and VietPhrase, what fills a LuatNhan {0}. */
  pronouns?: PhraseDictionary;
  luatNhan?: LuatNhanRules;
  /** Phrases removed from the text before converting (site adverts). */
  ignored?: readonly string[];
  /** ChinesePhienAmWords: the Hán-Việt reading of single characters. */
  phienAm?: PhraseDictionary;
}

export function emptyDictionaries(): ConvertDictionaries {
  return { names: new PhraseDictionary(), vietPhrase: new PhraseDictionary() };
}

/** A file's content handed over rather than read from disk (an upload from the console). */
export interface DictionaryText {
  name: string;
  bytes: Buffer;
}

/**
 * Which files to read: uploads first, then explicit lists, then a QuickTranslator folder (the
 * first duplicate wins).
 */
export interface DictionaryFiles {
  vietPhrase: readonly string[];
  names: readonly string[];
  uploads?: { vietPhrase?: readonly DictionaryText[]; names?: readonly DictionaryText[] };
  /** A QuickTranslator folder: its Names2, Names, VietPhrase, LuatNhan, Pronouns, IgnoredChinesePhrases and ChinesePhienAmWords files. */
  qtDir?: string;
}

export interface DictionaryLoadReport {
  files: FileReport[];
  /** Files that could not be read at all, with the reason. */
  failures: string[];
  skipped: number;
  firstSkipped?: string;
  ms: number;
}

/** The QuickTranslator file names of a folder, in the order they are read (Names2 overrides Names). */
const QT_FILES = {
  names: ['Names2.txt', 'Names.txt'],
  vietPhrase: ['VietPhrase.txt'],
  pronouns: 'Pronouns.txt',
  luatNhan: 'LuatNhan.txt',
  ignored: 'IgnoredChinesePhrases.txt',
  phienAm: 'ChinesePhienAmWords.txt',
} as const;

/**
 * Reads the operator's dictionaries. A file that cannot be read is reported and left out; the
 * rest still load. Lines without "=" are skipped and counted, never refused.
 */
export async function loadDictionaries(config: DictionaryFiles): Promise<{ dictionaries: ConvertDictionaries; report: DictionaryLoadReport }> {
  const started = performance.now();
  const report: DictionaryLoadReport = { files: [], failures: [], skipped: 0, ms: 0 };
  const inDir = (name: string) => (config.qtDir ? [path.join(config.qtDir, name)].filter((file) => existsSync(file)) : []);
  const read = async (file: string): Promise<Buffer | undefined> => {
    try {
      return await readFile(file);
    } catch (error) {
      report.failures.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  };
  const entries = async (kind: string, files: readonly string[], uploads: readonly DictionaryText[] = []) => {
    const dictionary = new PhraseDictionary();
    for (const upload of uploads) report.files.push({ ...(await readEntries(upload.bytes, upload.name, dictionary)), kind });
    for (const file of files) {
      const bytes = await read(file);
      if (bytes) report.files.push({ ...(await readEntries(bytes, file, dictionary)), kind });
    }
    return dictionary.compact();
  };

  const known = [...QT_FILES.names, ...QT_FILES.vietPhrase, QT_FILES.pronouns, QT_FILES.luatNhan, QT_FILES.ignored, QT_FILES.phienAm];
  if (config.qtDir && known.flatMap(inDir).length === 0) report.failures.push(`${config.qtDir}: no QuickTranslator file (${known.join(', ')}) in this folder`);

  const dictionaries: ConvertDictionaries = {
    names: await entries('names', [...config.names, ...QT_FILES.names.flatMap(inDir)], config.uploads?.names),
    vietPhrase: await entries('vietphrase', [...config.vietPhrase, ...QT_FILES.vietPhrase.flatMap(inDir)], config.uploads?.vietPhrase),
  };
  const pronouns = inDir(QT_FILES.pronouns);
  if (pronouns.length) dictionaries.pronouns = await entries('pronouns', pronouns);
  const phienAm = inDir(QT_FILES.phienAm);
  if (phienAm.length) dictionaries.phienAm = await entries('phienam', phienAm);
  for (const file of inDir(QT_FILES.luatNhan)) {
    const bytes = await read(file);
    if (!bytes) continue;
    const luatNhan = readLuatNhan(bytes, file);
    dictionaries.luatNhan = luatNhan.rules;
    report.files.push({ ...luatNhan.report, kind: 'luatnhan' });
  }
  for (const file of inDir(QT_FILES.ignored)) {
    const bytes = await read(file);
    if (!bytes) continue;
    dictionaries.ignored = readLines(bytes);
    report.files.push({ file, entries: dictionaries.ignored.length, duplicates: 0, skipped: 0, kind: 'ignored' });
  }

  for (const file of report.files) {
    report.skipped += file.skipped;
    report.firstSkipped ??= file.firstSkipped;
  }
  report.ms = Math.round(performance.now() - started);
  return { dictionaries, report };
}
