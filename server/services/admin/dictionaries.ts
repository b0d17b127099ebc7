import { and, desc, eq, inArray, max, ne } from 'drizzle-orm';
import type { DictionaryLoad, LoadedDictionary } from '@/lib/api/admin';
import { convertChinese } from '../../convert/engine';
import { dictionariesReady, lastLoadReport, reloadDictionaries, reloadIfUploadsChanged, setUploadSource, type UploadSource } from '../../convert/operatorDictionaries';
import { PhraseDictionary } from '../../convert/phraseDictionary';
import { readEntries } from '../../convert/qt/read';
import type { Database } from '../../db/client';
import { convertUploads } from '../../db/schema';
import { convertSettings } from '../../env';
import { HttpError } from '../../http/errors';
import { logger } from '../../logger';
import { recordAudit, type Actor } from './audit';

/**
 * The converter's dictionaries as the console sees them: what this process loaded (the files its
 * configuration names and the files operators uploaded), a sentence converted with them, and the
 * upload of a QuickTranslator VietPhrase or Names file. An upload is kept in PostgreSQL, so every
 * site process loads it: this one at once, the others when they next look (UPLOAD_CHECK_MS).
 */
const UPLOAD_CHECK_MS = 30_000;

type UploadKind = (typeof convertUploads.$inferSelect)['kind'];

/** The newest upload of each kind, read by every process; the version is the newest upload's id. */
export function dbUploadSource(database: Database): UploadSource {
  return {
    async version() {
      const [row] = await database.select({ newest: max(convertUploads.id) }).from(convertUploads);
      return row?.newest ?? 0;
    },
    async load() {
      const rows = await database.select().from(convertUploads).orderBy(desc(convertUploads.id));
      const newest = (kind: UploadKind) => rows.filter((row) => row.kind === kind).slice(0, 1);
      const asText = (row: (typeof rows)[number]) => ({ name: `${row.name} (tải lên #${row.id})`, bytes: Buffer.from(row.content, 'utf8') });
      return { vietPhrase: newest('vietphrase').map(asText), names: newest('names').map(asText) };
    },
  };
}

/** Called once at the server's start: uploads are part of the load, and newer ones are picked up. */
export function watchDictionaryUploads(database: Database): void {
  setUploadSource(dbUploadSource(database));
  const timer = setInterval(() => {
    reloadIfUploadsChanged().catch((error: unknown) => logger.warn({ err: error }, 'convert dictionaries: could not look for uploads'));
  }, UPLOAD_CHECK_MS);
  timer.unref();
}

export async function loadedDictionaries() {
  const config = convertSettings();
  const dictionaries = await dictionariesReady();
  const files = lastLoadReport()?.files ?? [];
  const sizes: [LoadedDictionary['kind'], number][] = [
    ['names', dictionaries.names.size],
    ['vietphrase', dictionaries.vietPhrase.size],
    ['pronouns', dictionaries.pronouns?.size ?? 0],
    ['luatnhan', dictionaries.luatNhan?.size ?? 0],
    ['ignored', dictionaries.ignored?.length ?? 0],
    ['phienam', dictionaries.phienAm?.size ?? 0],
  ];
  const loaded: LoadedDictionary[] = sizes
    .filter(([, entries]) => entries > 0)
    .map(([kind, entries]) => {
      const read = files.filter((file) => file.kind === kind);
      const firstSkipped = read.map((file) => file.firstSkipped).filter((line): line is string => Boolean(line));
      return { kind, file: read.map((file) => file.file).join(', '), entries, skipped: read.reduce((sum, file) => sum + file.skipped, 0), firstSkipped };
    });
  return {
    loaded,
    failures: lastLoadReport()?.failures ?? [],
    configured: { vietPhrase: config.CONVERT_VIETPHRASE_FILES, names: config.CONVERT_NAMES_FILES, qtDir: config.CONVERT_QT_DIR ?? null },
    uploads: true,
  };
}

/** A sentence converted as a chapter would be now. */
export async function tryConversion(text: string): Promise<string> {
  await dictionariesReady();
  return convertChinese(text);
}

/**
 * Keeps an operator's QuickTranslator file as the newest of its kind (older uploads of that kind
 * are dropped; the audit log keeps what happened) and loads it in this process. A file without a
 * single `中文=nghĩa` line is refused; lines without "=" are skipped and counted, as QT does.
 */
export async function uploadDictionary(database: Database, actor: Actor, input: { kind: UploadKind; name: string; text: string }): Promise<DictionaryLoad> {
  const report = await readEntries(Buffer.from(input.text, 'utf8'), input.name, new PhraseDictionary());
  if (report.entries === 0) throw new HttpError(400, 'Tệp không có dòng nào dạng 中文=nghĩa.');
  const row = await database.transaction(async (tx) => {
    const [saved] = await tx
      .insert(convertUploads)
      .values({
        kind: input.kind,
        name: input.name,
        content: input.text,
        entries: report.entries,
        skipped: report.skipped,
        firstSkipped: report.firstSkipped ?? null,
        uploadedBy: actor.email,
      })
      .returning({ id: convertUploads.id });
    const older = await tx
      .select({ id: convertUploads.id })
      .from(convertUploads)
      .where(and(eq(convertUploads.kind, input.kind), ne(convertUploads.id, saved.id)));
    if (older.length) await tx.delete(convertUploads).where(inArray(convertUploads.id, older.map((upload) => upload.id)));
    await recordAudit(tx, actor, {
      action: 'dictionary.upload',
      targetType: 'dictionary',
      targetId: input.kind,
      after: { id: saved.id, name: input.name, entries: report.entries, skipped: report.skipped },
      note: report.firstSkipped ? `bỏ qua ${report.skipped} dòng, dòng đầu: ${report.firstSkipped}` : '',
    });
    return saved;
  });
  await reloadDictionaries();
  logger.info({ kind: input.kind, name: input.name, id: row.id, entries: report.entries, skipped: report.skipped }, 'convert dictionary uploaded');
  return { entries: report.entries, skipped: report.skipped, firstSkipped: report.firstSkipped ?? null };
}
