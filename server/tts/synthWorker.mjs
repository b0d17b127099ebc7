/**
 * Worker thread of the server voice: one espeak-ng instance (npm "@echogarden/espeak-ng-emscripten",
 * the espeak-ng library compiled to WebAssembly, GPL-3.0, a separate module) kept for the worker's
 * life, and one LAME MP3 encoder compiled to WebAssembly (npm "wasm-media-encoders"). Creating an
 * instance costs a few hundred milliseconds and the WebAssembly runs slowly until the engine has
 * compiled its hot code, so the worker warms both up before it says it is ready; after that a
 * paragraph costs only its synthesis.
 *
 * Message in: { id, paragraphs: string[], voice, wordsPerMinute, kbps, pauseSeconds }.
 * Message out: { id, mp3, paragraphSeconds, sampleRate, synthMs, encodeMs } (mp3 transferred),
 * or { id, error }. Once at start: { ready: true, startMs } or { failed: message }.
 */
import { parentPort } from 'node:worker_threads';
import initEspeak from '@echogarden/espeak-ng-emscripten';
import { createMp3Encoder } from 'wasm-media-encoders';

const WARM_UP_TEXT = 'Chương một. Trời vừa tối, gió từ đỉnh núi thổi xuống, mang theo hơi lạnh của ba mươi mốt ngày đông.';
const WARM_UP_ROUNDS = 3;

const started = performance.now();
let engine;
let encoder;
let currentVoice = '';
let currentSpeed = 0;

function selectVoice(voice, wordsPerMinute) {
  if (voice !== currentVoice) {
    const code = engine.set_voice(voice);
    if (code !== 0) throw new Error(`espeak-ng has no voice ${voice}`);
    currentVoice = voice;
    currentSpeed = 0;
  }
  if (wordsPerMinute !== currentSpeed) {
    engine.set_rate(wordsPerMinute);
    currentSpeed = wordsPerMinute;
  }
}

/** Synthesizes one paragraph into 16-bit chunks; returns the number of samples. */
function synthesize(text, chunks) {
  let samples = 0;
  engine.synthesize(text, (audio) => {
    if (audio.length > 0) {
      chunks.push(audio);
      samples += audio.length;
    }
    return 0;
  });
  return samples;
}

function toFloat(chunk) {
  const out = new Float32Array(chunk.length);
  for (let i = 0; i < chunk.length; i += 1) out[i] = chunk[i] / 32768;
  return out;
}

/** Encodes the chunks as one MP3; the encoder's buffers are copied out as it goes. */
function encode(chunks, sampleRate, kbps) {
  encoder.configure({ sampleRate, channels: 1, bitrate: kbps });
  const pieces = [];
  let length = 0;
  const keep = (bytes) => {
    if (bytes.length === 0) return;
    pieces.push(bytes.slice());
    length += bytes.length;
  };
  for (const chunk of chunks) keep(encoder.encode([chunk instanceof Float32Array ? chunk : toFloat(chunk)]));
  keep(encoder.finalize());
  const mp3 = new Uint8Array(length);
  let offset = 0;
  for (const piece of pieces) {
    mp3.set(piece, offset);
    offset += piece.length;
  }
  return mp3;
}

function render({ paragraphs, voice, wordsPerMinute, kbps, pauseSeconds }) {
  selectVoice(voice, wordsPerMinute);
  const sampleRate = engine.samplerate;
  const pause = new Float32Array(Math.round(pauseSeconds * sampleRate));
  const chunks = [];
  const paragraphSeconds = [];
  const synthStart = performance.now();
  for (const text of paragraphs) {
    if (!/[\p{L}\p{N}]/u.test(text)) {
      paragraphSeconds.push(0);
      continue;
    }
    const samples = synthesize(text, chunks);
    chunks.push(pause);
    paragraphSeconds.push((samples + pause.length) / sampleRate);
  }
  // Never an empty file: a part with nothing to say is a short silence.
  if (chunks.length === 0) chunks.push(pause.length > 0 ? pause : new Float32Array(Math.round(sampleRate / 2)));
  const encodeStart = performance.now();
  const mp3 = encode(chunks, sampleRate, kbps);
  return { mp3, paragraphSeconds, sampleRate, synthMs: encodeStart - synthStart, encodeMs: performance.now() - encodeStart };
}

try {
  engine = new (await initEspeak({ print() {}, printErr() {} })).eSpeakNGWorker();
  encoder = await createMp3Encoder();
  for (let round = 0; round < WARM_UP_ROUNDS; round += 1) {
    render({ paragraphs: [WARM_UP_TEXT], voice: 'vi', wordsPerMinute: 175, kbps: 32, pauseSeconds: 0.1 });
  }
  parentPort.postMessage({ ready: true, startMs: performance.now() - started });
} catch (error) {
  parentPort.postMessage({ failed: error instanceof Error ? error.message : String(error) });
}

parentPort.on('message', (job) => {
  try {
    const result = render(job);
    parentPort.postMessage({ id: job.id, ...result }, [result.mp3.buffer]);
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
