/**
 * Called once when a Next.js server starts: checks the configuration (a production start with
 * missing secrets stops here, naming them) and warns when the database role could rewrite the
 * audit log (server/db/roleCheck.ts), then starts the scheduled jobs and the counting of
 * source fetches for the operator console, warms the server
 * voice, and loads the operator's convert dictionaries (configured files and console uploads)
 * in the background, then warms the converter. Node.js server only: not in the edge runtime, and not while `next build` renders
 * pages.
 */
export async function register(): Promise<void> {
  // Next.js tells the runtime and the build phase only through these two variables; the boot
  // check then validates every setting of the environment this process was started with.
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
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
