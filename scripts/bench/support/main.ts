/**
 * Runs a benchmark when its file is run on its own (`npx tsx scripts/bench/X.ts`): prints its
 * figures as a table, or the error and exit code 1. `npm run bench` imports the same `run`.
 */
export function runWhenMain(module: NodeJS.Module, run: () => Promise<Record<string, unknown>>): void {
  if (require.main !== module) return;
  run().then(
    (result) => {
      console.table(result);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
