import { parseConvertEnv } from '@/server/env';
import { logger } from '@/server/logger';
import { processCached } from './processCache';
import { emptyDictionaries, loadDictionaries, type ConvertDictionaries, type DictionaryFiles } from './qt/load';

/**
 * The operator's dictionaries of this process (CONVERT_VIETPHRASE_FILES, CONVERT_NAMES_FILES,
 * CONVERT_QT_DIR). They load once, in the background from the server's start (instrumentation),
 * and are reported once. Until they are in, and for good if none could be read, conversions use
 * the built-in data: a request never reads a file and never throws for a dictionary.
 */
interface LoadState {
  loaded?: ConvertDictionaries;
  loading?: Promise<ConvertDictionaries>;
}

const state = () => processCached<LoadState>('operatorDictionaries', () => ({}));
const EMPTY = emptyDictionaries();

function filesFromEnv(): DictionaryFiles {
  const config = parseConvertEnv(process.env);
  return { vietPhrase: config.CONVERT_VIETPHRASE_FILES, names: config.CONVERT_NAMES_FILES, qtDir: config.CONVERT_QT_DIR };
}

async function load(files: DictionaryFiles): Promise<ConvertDictionaries> {
  const { dictionaries, report } = await loadDictionaries(files);
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
  current.loading ??= Promise.resolve()
    .then(() => load(filesFromEnv()))
    .catch((error: unknown) => {
      logger.error({ err: error }, 'convert dictionaries: not loaded; converting with the built-in data');
      return emptyDictionaries();
    })
    .then((dictionaries) => (current.loaded = dictionaries));
  return current.loading;
}

/** The dictionaries as they are now: the operator's once loaded, else none (built-in data only). */
export function currentDictionaries(): ConvertDictionaries {
  const { loaded } = state();
  if (loaded) return loaded;
  void dictionariesReady();
  return EMPTY;
}
