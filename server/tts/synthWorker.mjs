/**
 * Worker thread of the server voice: one espeak-ng instance (npm "@echogarden/espeak-ng-emscripten",
 * the espeak-ng library compiled to WebAssembly, GPL-3.0, a separate module) kept for the worker's
 * life, and one LAME MP3 encoder compiled to WebAssembly (npm "wasm-media-encoders"). Creating an
 * instance costs a few hundred milliseconds and the WebAssembly runs slowly until the engine has
 * compiled its hot code, so the worker warms both up before it says it is ready; after that a
 * paragraph costs only its synthesis.
 *
 * Message in: { id, paragraphs, voice, foreignVoice, wordsPerMinute, kbps, pauseSeconds, pauses? }
 * (pauses: seconds of silence after each paragraph where not pauseSeconds), where a
 * paragraph is a string (read in `voice`) or segments [{ lang: 'vi' | 'en', text }] whose English
 * ones are read in `foreignVoice`.
 * Message out: { id, mp3, paragraphSeconds, sampleRate, synthMs, encodeMs } (mp3 transferred),
 * or { id, error }. Once at start: { ready: true, startMs } or { failed: message }.
 *
 * Each segment is synthesised on its own, after selecting its voice, and the samples are joined
 * before encoding. espeak-ng's SSML <voice xml:lang="en"> also switches within one call, but in
 * this build the voice after it is plain "vi" (the chosen variant, e.g. vi-vn-x-south, is lost for
 * the rest of the text and for later calls), so SSML is not used for the switch. The library
 * still parses its input as SSML, so text is escaped.
 */
import { parentPort } from 'node:worker_threads';
import initEspeak from '@echogarden/espeak-ng-emscripten';
import { createMp3Encoder } from 'wasm-media-encoders';

const WARM_UP_TEXT = 'Chương một. Trời vừa tối, gió từ đỉnh núi thổi xuống, mang theo hơi lạnh của ba mươi mốt ngày đông.';
const WARM_UP_MIXED = [
  { lang: 'vi', text: 'Hắn gặp ' },
  { lang: 'en', text: 'John Smith' },
  { lang: 'vi', text: ' ở cổng thành.' },
];
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

const SSML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Synthesizes one stretch of text into 16-bit chunks; returns the number of samples. */
function synthesize(text, chunks) {
  let samples = 0;
  engine.synthesize(text.replace(/[&<>]/g, (char) => SSML_ESCAPES[char]), (audio) => {
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

const SPEAKABLE = /[\p{L}\p{N}]/u;

function segmentsOf(paragraph) {
  return typeof paragraph === 'string' ? [{ lang: 'vi', text: paragraph }] : paragraph;
}

/** Synthesizes a paragraph's segments, each in its language's voice; returns the number of samples. */
function synthesizeParagraph(segments, voices, wordsPerMinute, chunks) {
  let samples = 0;
  for (const { lang, text } of segments) {
    if (!SPEAKABLE.test(text)) continue;
    selectVoice(lang === 'en' ? voices.foreign : voices.main, wordsPerMinute);
    samples += synthesize(text.trim(), chunks);
  }
  return samples;
}

function render({ paragraphs, voice, foreignVoice, wordsPerMinute, kbps, pauseSeconds, pauses }) {
  const voices = { main: voice, foreign: foreignVoice };
  selectVoice(voice, wordsPerMinute);
  const sampleRate = engine.samplerate;
  const pause = new Float32Array(Math.round(pauseSeconds * sampleRate));
  const silences = new Map();
  const silenceAfter = (index) => {
    const seconds = pauses?.[index];
    if (seconds === undefined || seconds === pauseSeconds) return pause;
    if (!silences.has(seconds)) silences.set(seconds, new Float32Array(Math.round(seconds * sampleRate)));
    return silences.get(seconds);
  };
  const chunks = [];
  const paragraphSeconds = [];
  const synthStart = performance.now();
  paragraphs.forEach((paragraph, index) => {
    const segments = segmentsOf(paragraph);
    if (!segments.some((segment) => SPEAKABLE.test(segment.text))) {
      paragraphSeconds.push(0);
      return;
    }
    const samples = synthesizeParagraph(segments, voices, wordsPerMinute, chunks);
    const silence = silenceAfter(index);
    chunks.push(silence);
    paragraphSeconds.push((samples + silence.length) / sampleRate);
  });
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
    render({ paragraphs: [WARM_UP_TEXT, WARM_UP_MIXED], voice: 'vi', foreignVoice: 'en', wordsPerMinute: 175, kbps: 32, pauseSeconds: 0.1 });
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
