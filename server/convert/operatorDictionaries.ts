import { convertSettings } from '@/server/env';
import { logger } from '@/server/logger';
import { processCached } from './processCache';
import { emptyDictionaries, loadDictionaries, type ConvertDictionaries, type DictionaryFiles, type DictionaryLoadReport } from './qt/load';

/**
 * The operator's dictionaries of this process (CONVERT_VIETPHRASE_FILES, CONVERT_NAMES_FILES,
 * CONVERT_QT_DIR, and the files loaded from the console). They load once, in the background from
 * the server's start (instrumentation), and are reported once; a newer upload loads them again
 * while the ones in use keep serving. Until they are in, and for good if none could be read,
 * conversions use the built-in data: a request never reads a file and never throws for a
 * dictionary.
 */
interface LoadState {
  loaded?: ConvertDictionaries;
  loading?: Promise<ConvertDictionaries>;
  uploads?: UploadSource;
  /** The uploads' version the loaded dictionaries were built with. */
  version?: number;
  report?: DictionaryLoadReport;
}

/** The console's uploads, kept outside this module (in PostgreSQL): their version and content. */
export interface UploadSource {
  version(): Promise<number>;
  load(): Promise<NonNullable<DictionaryFiles['uploads']>>;
}

const state = () => processCached<LoadState>('operatorDictionaries', () => ({}));
const EMPTY = emptyDictionaries();

function filesFromEnv(): DictionaryFiles {
  const config = convertSettings();
  return { vietPhrase: config.CONVERT_VIETPHRASE_FILES, names: config.CONVERT_NAMES_FILES, qtDir: config.CONVERT_QT_DIR };
}

async function load(current: LoadState): Promise<ConvertDictionaries> {
  const files = filesFromEnv();
  if (current.uploads) {
    const version = await current.uploads.version();
    files.uploads = await current.uploads.load();
    current.version = version;
  }
  const { dictionaries, report } = await loadDictionaries(files);
  current.report = report;
  const summary = {
    names: dictionaries.names.size,
    vietPhrase: dictionaries.vietPhrase.size,
    pronouns: dictionaries.pronouns?.size ?? 0,
    luatNhan: dictionaries.luatNhan?.size ?? 0,
    ignored: dictionaries.ignored?.length ?? 0,
    skippedLines: report.skipped,
    firstSkipped: report.firstSkipped,
    ms: report.ms,
    heapMB: Math.round(process.memoryUsage().heapUsed / 2 ** 20),
  };
  if (report.failures.length) logger.error({ ...summary, failures: report.failures }, 'convert dictionaries: some files could not be read; converting without them');
  else if (report.files.length) logger.info(summary, 'convert dictionaries loaded');
  return dictionaries;
}

/** Starts loading the configured dictionaries (once per process); resolves when they are in. */
export function dictionariesReady(): Promise<ConvertDictionaries> {
  const current = state();
  current.loading ??= startLoad(current);
  return current.loading;
}

function startLoad(current: LoadState): Promise<ConvertDictionaries> {
  return Promise.resolve()
    .then(() => load(current))
    .catch((error: unknown) => {
      logger.error({ err: error }, 'convert dictionaries: not loaded; converting with the built-in data');
      return current.loaded ?? emptyDictionaries();
    })
    .then((dictionaries) => (current.loaded = dictionaries));
}

/** Reads the console's uploads from `source` from now on (set once at the server's start). */
export function setUploadSource(source: UploadSource): void {
  state().uploads = source;
}

/** Loads everything again (after an upload); the dictionaries in use serve until the new ones are in. */
export function reloadDictionaries(): Promise<ConvertDictionaries> {
  const current = state();
  const previous = current.loading ?? Promise.resolve(undefined);
  current.loading = previous.then(() => startLoad(current));
  return current.loading;
}

/** Loads again when another process stored a newer upload; resolves whether it did. */
export async function reloadIfUploadsChanged(): Promise<boolean> {
  const current = state();
  if (!current.uploads || !current.loaded) return false;
  if ((await current.uploads.version()) === current.version) return false;
  await reloadDictionaries();
  return true;
}

/** Lines skipped by the last load (first as file:line), for the console. */
export function lastLoadReport(): DictionaryLoadReport | undefined {
  return state().report;
}

/** The dictionaries as they are now: the operator's once loaded, else none (built-in data only). */
export function currentDictionaries(): ConvertDictionaries {
  const { loaded } = state();
  if (loaded) return loaded;
  void dictionariesReady();
  return EMPTY;
}
