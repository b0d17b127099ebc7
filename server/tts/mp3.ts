import { createMp3Encoder, type WasmMediaEncoder } from 'wasm-media-encoders';

/** Samples per encoder call: whole MPEG frames, about 0.4 s at 22 kHz (~15 ms of work). */
const ENCODE_BLOCK = 1152 * 8;

type Mp3Bitrate = NonNullable<Parameters<WasmMediaEncoder<'audio/mpeg'>['configure']>[0]['bitrate']>;

/**
 * Encodes mono 16-bit PCM incrementally, so a chapter never has to sit in memory as PCM. The
 * encoder is LAME compiled to WebAssembly (npm "wasm-media-encoders"), the one the server voice's
 * worker threads use too.
 */
export class Mp3StreamEncoder {
  private readonly chunks: Buffer[] = [];
  private readonly block = new Float32Array(ENCODE_BLOCK);
  private samples = 0;

  private constructor(
    private readonly encoder: WasmMediaEncoder<'audio/mpeg'>,
    readonly sampleRate: number,
  ) {}

  /** Mono at `sampleRate`, constant `kbps` (32 suits speech: about 240 KB a minute). */
  static async create(sampleRate: number, kbps = 32): Promise<Mp3StreamEncoder> {
    const encoder = await createMp3Encoder();
    encoder.configure({ sampleRate, channels: 1, bitrate: kbps as Mp3Bitrate });
    return new Mp3StreamEncoder(encoder, sampleRate);
  }

  /** Seconds of audio written so far. */
  get duration(): number {
    return this.samples / this.sampleRate;
  }

  /** The encoder's output is a view of its WebAssembly memory, reused by the next call: copied out. */
  private keep(bytes: Uint8Array): void {
    if (bytes.length > 0) this.chunks.push(Buffer.from(bytes));
  }

  write(pcm: Int16Array): void {
    for (let start = 0; start < pcm.length; start += ENCODE_BLOCK) {
      const piece = pcm.subarray(start, start + ENCODE_BLOCK);
      const floats = this.block.subarray(0, piece.length);
      for (let i = 0; i < piece.length; i += 1) floats[i] = piece[i] / 32768;
      this.keep(this.encoder.encode([floats]));
    }
    this.samples += pcm.length;
  }

  /** Like write, but lets other work run between blocks: encoding is CPU-bound. */
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
    this.keep(this.encoder.finalize());
    return Buffer.concat(this.chunks);
  }
}

/** Mono MP3 of the samples; 32 kbps suits speech (about 240 KB a minute). */
export async function encodeMp3(pcm: Int16Array, sampleRate: number, kbps = 32): Promise<Buffer> {
  const encoder = await Mp3StreamEncoder.create(sampleRate, kbps);
  encoder.write(pcm);
  return encoder.end();
}
