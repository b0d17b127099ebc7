/** @jest-environment node */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SynthPool, type PartJob } from '@/server/tts/workerPool';

const job: PartJob = { paragraphs: ['Một.'], voice: 'vi', wordsPerMinute: 175, kbps: 32, pauseSeconds: 0.1 };

/** A worker module that reports a failed start after `delayMs`. */
function failingWorker(delayMs: number): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pool-')), 'failing.mjs');
  writeFileSync(
    file,
    `import { parentPort } from 'node:worker_threads';\nsetTimeout(() => parentPort.postMessage({ failed: 'no voice data' }), ${delayMs});\nsetTimeout(() => undefined, 60_000);\n`,
  );
  return file;
}

/** Settles with the outcome, or 'still waiting' after `ms`. */
const outcome = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(
      () => 'rendered',
      (error: Error) => error.message,
    ),
    new Promise((resolve) => setTimeout(() => resolve('still waiting'), ms).unref()),
  ]);

describe('SynthPool', () => {
  it('wakes a caller waiting for a worker with the error when that worker fails at start-up', async () => {
    const pool = new SynthPool(1, failingWorker(200));
    try {
      const first = pool.render(job);
      const waiting = pool.render(job);
      expect(await outcome(first, 5_000)).toMatch(/could not start: no voice data/);
      expect(await outcome(waiting, 5_000)).toMatch(/could not start: no voice data/);
    } finally {
      await pool.close();
    }
  }, 15_000);
});
