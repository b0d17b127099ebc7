/** Frame-level facts of an MPEG audio layer III stream: enough to check and time our own output. */

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

export interface Mp3Frame {
  sampleRate: number;
  kbps: number;
  samples: number;
  length: number;
}

/** Reads the layer III frame header at `offset`, or undefined when none starts there. */
export function readMp3Frame(bytes: Uint8Array, offset: number): Mp3Frame | undefined {
  if (offset + 4 > bytes.length || bytes[offset] !== 0xff || (bytes[offset + 1] & 0xe0) !== 0xe0) return undefined;
  const version = (bytes[offset + 1] >> 3) & 0x03;
  const layer = (bytes[offset + 1] >> 1) & 0x03;
  const bitrateIndex = bytes[offset + 2] >> 4;
  const rateIndex = (bytes[offset + 2] >> 2) & 0x03;
  const padding = (bytes[offset + 2] >> 1) & 0x01;
  const sampleRate = SAMPLE_RATES[version]?.[rateIndex];
  if (layer !== 1 || !sampleRate || bitrateIndex === 0 || bitrateIndex === 15) return undefined;
  const mpeg1 = version === 3;
  const kbps = (mpeg1 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex];
  const samples = mpeg1 ? 1152 : 576;
  const length = Math.floor(((samples / 8) * kbps * 1000) / sampleRate) + padding;
  return { sampleRate, kbps, samples, length };
}

/** Walks the frames of an MP3 (after any ID3v2 tag) and sums their duration in seconds. */
export function mp3Duration(bytes: Uint8Array): { seconds: number; frames: number } {
  let offset = 0;
  if (bytes.length >= 10 && bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    offset = 10 + ((bytes[6] << 21) | (bytes[7] << 14) | (bytes[8] << 7) | bytes[9]);
  }
  let seconds = 0;
  let frames = 0;
  for (let frame = readMp3Frame(bytes, offset); frame; frame = readMp3Frame(bytes, offset)) {
    seconds += frame.samples / frame.sampleRate;
    frames += 1;
    offset += frame.length;
  }
  return { seconds, frames };
}
