/**
 * Called once when a Next.js server starts. Starts the scheduled jobs in the Node.js server only:
 * not in the edge runtime, and not while `next build` renders pages.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startJobScheduler } = await import('./server/jobs/scheduler');
  startJobScheduler();
}
