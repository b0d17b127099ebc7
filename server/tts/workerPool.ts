import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SpeechSegment } from '@/lib/text/speechSegments';
import { logger } from '@/server/logger';
import { FOREIGN_VOICE } from '@/server/tts/espeakArguments';

/** A part never takes this long; a stuck worker is replaced. */
const JOB_TIMEOUT_MS = 30_000;

/** A paragraph's speakable text: all in the main voice, or in segments by language. */
export type SpokenParagraph = string | SpeechSegment[];

export interface PartJob {
  /** Each paragraph of the part, in order. */
  paragraphs: SpokenParagraph[];
  voice: string;
  /** The voice of the segments in English; FOREIGN_VOICE when not given. */
  foreignVoice?: string;
  wordsPerMinute: number;
  kbps: number;
  pauseSeconds: number;
  /** Seconds of silence after each paragraph, where they differ (`pauseSeconds` for any not given). */
  pauses?: number[];
}

export interface RenderedPart {
  mp3: Uint8Array;
  /** Seconds of audio of each paragraph, its trailing pause included. */
  paragraphSeconds: number[];
  sampleRate: number;
  synthMs: number;
  encodeMs: number;
}

interface WorkerReply extends Partial<RenderedPart> {
  id?: number;
  error?: string;
  ready?: boolean;
  startMs?: number;
  failed?: string;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: boolean;
  job: { id: number; resolve: (part: RenderedPart) => void; reject: (error: Error) => void; timer: NodeJS.Timeout } | null;
}

/** The worker script is plain JavaScript that Node loads itself (never bundled). */
function workerScriptPath(): string {
  const candidates = [path.join(process.cwd(), 'server', 'tts', 'synthWorker.mjs')];
  if (typeof __dirname === 'string') candidates.unshift(path.join(__dirname, 'synthWorker.mjs'));
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`TTS worker script not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * A fixed number of worker threads, each holding a warm espeak-ng instance and MP3 encoder. Jobs
 * go to an idle worker, else wait here in order; the synthesis queue in front of the pool keeps
 * at most `size` jobs in flight, so this wait is only a safety net.
 */
export class SynthPool {
  private readonly slots: Slot[] = [];
  /** Callers waiting for a worker, in order: woken to try again, or with a start-up failure. */
  private readonly waiting: Array<{ wake: () => void; fail: (error: Error) => void }> = [];
  private nextId = 1;
  /** Milliseconds each worker took to start and warm up, for the benchmark and the logs. */
  readonly startTimes: number[] = [];

  /** `script`: the worker's module (synthWorker.mjs unless given). */
  constructor(
    readonly size: number,
    private readonly script?: string,
  ) {}

  /** Starts every worker now; resolves when all are warm. */
  async warm(): Promise<void> {
    while (this.slots.length < this.size) this.slots.push(this.startWorker());
    await Promise.all(this.slots.map((slot) => slot.ready));
  }

  async render(job: PartJob): Promise<RenderedPart> {
    while (this.slots.length < this.size) this.slots.push(this.startWorker());
    let slot = this.slots.find((candidate) => !candidate.busy);
    while (!slot) {
      await new Promise<void>((wake, fail) => this.waiting.push({ wake, fail }));
      while (this.slots.length < this.size) this.slots.push(this.startWorker());
      slot = this.slots.find((candidate) => !candidate.busy);
    }
    const chosen = slot;
    chosen.busy = true;
    try {
      await chosen.ready;
    } catch (error) {
      // The worker this caller held failed to start: the next waiter would have had it, and a
      // worker started for it would most likely fail the same way, so it hears the error too.
      this.replace(chosen);
      this.waiting.shift()?.fail(error as Error);
      throw error;
    }
    return new Promise<RenderedPart>((resolve, reject) => {
      const id = this.nextId++;
      const timer = setTimeout(() => this.fail(chosen, new Error('TTS worker timed out')), JOB_TIMEOUT_MS);
      chosen.job = { id, resolve, reject, timer };
      chosen.worker.postMessage({ id, ...job, foreignVoice: job.foreignVoice ?? FOREIGN_VOICE });
    });
  }

  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private startWorker(): Slot {
    const worker = new Worker(this.script ?? workerScriptPath());
    // Pending jobs keep the process alive through their timers; an idle worker must not.
    worker.unref();
    let markReady: () => void = () => undefined;
    let markFailed: (error: Error) => void = () => undefined;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      markFailed = reject;
    });
    ready.catch(() => undefined);
    const slot: Slot = { worker, ready, busy: false, job: null };
    worker.on('message', (reply: WorkerReply) => {
      if (reply.ready) {
        this.startTimes.push(reply.startMs ?? 0);
        markReady();
      } else if (reply.failed) {
        markFailed(new Error(`TTS worker could not start: ${reply.failed}`));
      } else this.settle(slot, reply);
    });
    worker.on('error', (error) => {
      markFailed(error);
      this.fail(slot, error);
    });
    worker.on('exit', (code) => {
      markFailed(new Error(`TTS worker exited with code ${code}`));
      if (this.slots.includes(slot)) this.fail(slot, new Error(`TTS worker exited with code ${code}`));
    });
    return slot;
  }

  private settle(slot: Slot, reply: WorkerReply): void {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    clearTimeout(job.timer);
    slot.job = null;
    slot.busy = false;
    if (reply.error || !reply.mp3) job.reject(new Error(reply.error ?? 'TTS worker answered without audio'));
    else {
      job.resolve({
        mp3: reply.mp3,
        paragraphSeconds: reply.paragraphSeconds ?? [],
        sampleRate: reply.sampleRate ?? 0,
        synthMs: reply.synthMs ?? 0,
        encodeMs: reply.encodeMs ?? 0,
      });
    }
    this.waiting.shift()?.wake();
  }

  /** Rejects the worker's job and replaces the worker. */
  private fail(slot: Slot, error: Error): void {
    logger.error({ err: error }, 'TTS worker failed');
    const job = slot.job;
    // A caller holding the slot while it starts is told by its `ready` and wakes the next waiter.
    const starting = slot.busy && !job;
    if (job) {
      clearTimeout(job.timer);
      job.reject(error);
    }
    this.replace(slot);
    if (!starting) this.waiting.shift()?.wake();
  }

  private replace(slot: Slot): void {
    const at = this.slots.indexOf(slot);
    if (at >= 0) this.slots.splice(at, 1);
    void slot.worker.terminate();
  }
}
