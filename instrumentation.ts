/**
 * Called once when a Next.js server starts. Everything it does is Node.js-only and lives in
 * instrumentation-node.ts, imported behind the runtime check Next.js documents: Next replaces
 * `process.env.NEXT_RUNTIME` at compile time, so the edge compile drops the import and never
 * sees Node.js APIs. Nothing runs while `next build` renders pages.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    if (process.env.NEXT_PHASE === 'phase-production-build') return;
    const { registerNode } = await import('./instrumentation-node');
    await registerNode();
  }
}
