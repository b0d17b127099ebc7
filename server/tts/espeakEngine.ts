import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { logger } from '@/server/logger';
import { espeakArguments } from '@/server/tts/espeakArguments';
import type { SynthesisResult, TtsEngine } from '@/server/tts/types';
import { parseWav } from '@/server/tts/wav';

/** A worker left idle this long is ended, which returns its ~100 MB to the system. */
const IDLE_MS = 60_000;
/** One synthesis (a paragraph) never takes this long; a stuck worker is replaced. */
const JOB_TIMEOUT_MS = 60_000;
const DEFAULT_VOICE = 'vi';

interface WorkerReply {
  id: number;
  wav?: Uint8Array;
  error?: string;
}

interface Job {
  resolve: (wav: Uint8Array) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * The worker script is plain JavaScript loaded by Node itself (not bundled), found beside this
 * file or, when this file runs from a bundle, under the project directory.
 */
function workerScriptPath(): string {
  const candidates = [path.join(process.cwd(), 'server', 'tts', 'espeakWorker.mjs')];
  if (typeof __dirname === 'string') candidates.unshift(path.join(__dirname, 'espeakWorker.mjs'));
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`espeak-ng worker script not found (looked in ${candidates.join(', ')})`);
  return found;
}

class EspeakWorkerClient {
  private worker: Worker | undefined;
  private jobs = new Map<number, Job>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  run(args: string[], text: string): Promise<Uint8Array> {
    const worker = this.ensureWorker();
    clearTimeout(this.idleTimer);
    const id = this.nextId++;
    return new Promise<Uint8Array>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new Error('espeak-ng synthesis timed out')), JOB_TIMEOUT_MS);
      this.jobs.set(id, { resolve, reject, timer });
      worker.postMessage({ id, args, text });
    });
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerScriptPath());
    // Pending jobs keep the process alive through their timers; an idle worker must not.
    worker.unref();
    worker.on('message', (reply: WorkerReply) => this.settle(reply));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => {
      if (this.worker === worker) this.fail(new Error(`espeak-ng worker exited with code ${code}`));
    });
    this.worker = worker;
    return worker;
  }

  private settle(reply: WorkerReply): void {
    const job = this.jobs.get(reply.id);
    if (!job) return;
    this.jobs.delete(reply.id);
    clearTimeout(job.timer);
    if (reply.wav) job.resolve(reply.wav);
    else job.reject(new Error(reply.error ?? 'espeak-ng failed'));
    if (this.jobs.size === 0) {
      this.idleTimer = setTimeout(() => void this.close(), IDLE_MS);
      this.idleTimer.unref();
    }
  }

  /** Rejects every pending job and drops the worker; the next request starts a new one. */
  private fail(error: Error): void {
    logger.error({ err: error }, 'espeak-ng worker failed');
    const worker = this.worker;
    this.worker = undefined;
    for (const job of this.jobs.values()) {
      clearTimeout(job.timer);
      job.reject(error);
    }
    this.jobs.clear();
    if (worker) void worker.terminate();
  }
}

const client = new EspeakWorkerClient();

/** espeak-ng compiled to WebAssembly (npm "espeak-ng"), run in a worker thread. No download at run time. */
export const espeakEngine: TtsEngine = {
  id: 'espeak-ng-wasm',
  defaultVoice: DEFAULT_VOICE,
  async synthesize(text: string, opts): Promise<SynthesisResult> {
    const wav = await client.run(espeakArguments(opts, DEFAULT_VOICE), text);
    return parseWav(wav);
  },
};

/** Ends the worker thread now, e.g. at shutdown or after tests. */
export function closeEspeakEngine(): Promise<void> {
  return client.close();
}
