import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as lamejsModule from '@breezystack/lamejs';

type Lame = Pick<typeof lamejsModule, 'Mp3Encoder'>;

/** Samples per encoder call: whole MPEG frames, about 0.4 s at 22 kHz (~15 ms of work). */
const ENCODE_BLOCK = 1152 * 8;

let lame: Lame | undefined;

/**
 * The package's ES module works when bundled or imported; its CommonJS entry is an IIFE that
 * exports nothing, so under require() (jest, tsx) the IIFE is evaluated and its global taken.
 */
function loadLame(): Lame {
  if (lame) return lame;
  if (typeof lamejsModule.Mp3Encoder === 'function') {
    lame = lamejsModule;
    return lame;
  }
  const requireFromProject = createRequire(path.join(process.cwd(), 'package.json'));
  const source = readFileSync(requireFromProject.resolve('@breezystack/lamejs'), 'utf8');
  lame = new Function(`${source}\nreturn lamejs;`)() as Lame;
  return lame;
}

/** Encodes mono 16-bit PCM incrementally, so a chapter never has to sit in memory as PCM. */
export class Mp3StreamEncoder {
  private readonly encoder: InstanceType<Lame['Mp3Encoder']>;
  private readonly chunks: Buffer[] = [];
  private samples = 0;

  constructor(
    readonly sampleRate: number,
    kbps = 32,
  ) {
    const { Mp3Encoder } = loadLame();
    this.encoder = new Mp3Encoder(1, sampleRate, kbps);
  }

  /** Seconds of audio written so far. */
  get duration(): number {
    return this.samples / this.sampleRate;
  }

  write(pcm: Int16Array): void {
    for (let start = 0; start < pcm.length; start += ENCODE_BLOCK) {
      const encoded = this.encoder.encodeBuffer(pcm.subarray(start, start + ENCODE_BLOCK));
      if (encoded.length > 0) this.chunks.push(Buffer.from(encoded));
    }
    this.samples += pcm.length;
  }

  /** Like write, but lets other work run between blocks: encoding is CPU-bound (~30× real time). */
  async writeYielding(pcm: Int16Array): Promise<void> {
    for (let start = 0; start < pcm.length; start += ENCODE_BLOCK) {
      this.write(pcm.subarray(start, start + ENCODE_BLOCK));
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  writeSilence(seconds: number): void {
    this.write(new Int16Array(Math.round(seconds * this.sampleRate)));
  }

  end(): Buffer {
    const tail = this.encoder.flush();
    if (tail.length > 0) this.chunks.push(Buffer.from(tail));
    return Buffer.concat(this.chunks);
  }
}

/** Mono MP3 of the samples; 32 kbps suits speech (about 240 KB a minute). */
export function encodeMp3(pcm: Int16Array, sampleRate: number, kbps = 32): Buffer {
  const encoder = new Mp3StreamEncoder(sampleRate, kbps);
  encoder.write(pcm);
  return encoder.end();
}
