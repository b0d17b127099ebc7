/**
 * The Node.js server's start-up work, imported by instrumentation.ts only in the Node.js runtime
 * (so the edge compile never sees these modules): checks the configuration (a production start
 * with missing secrets stops here, naming them) and warns when the database role could rewrite
 * the audit log (server/db/roleCheck.ts), then starts the scheduled jobs and the counting of
 * source fetches for the operator console, warms the server voice, and loads the operator's
 * convert dictionaries (configured files and console uploads) in the background, then warms the
 * converter.
 */
export async function registerNode(): Promise<void> {
  const { assertBootConfig } = await import('./server/bootConfig');
  if (!assertBootConfig(process.env)) return;
  const { startJobScheduler } = await import('./server/jobs/scheduler');
  startJobScheduler();
  const [{ countSourceEvents }, { db, pool }, { warnAboutDatabaseRole }] = await Promise.all([
    import('./server/services/admin/counters'),
    import('./server/db/client'),
    import('./server/db/roleCheck'),
  ]);
  void warnAboutDatabaseRole(pool());
  countSourceEvents(db());
  const [{ warmTts }, { publishWarming }] = await Promise.all([import('./server/tts/engine'), import('./server/http/readiness')]);
  // A site process listens once this is done (server/site/main.ts).
  publishWarming(warmTts());
  const { watchDictionaryUploads } = await import('./server/services/admin/dictionaries');
  watchDictionaryUploads(db());
  const { dictionariesReady } = await import('./server/convert/operatorDictionaries');
  const { warmConverter } = await import('./server/convert/engine');
  void dictionariesReady().then(() => setImmediate(warmConverter));
}
