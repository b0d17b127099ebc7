import type { SynthesisResult } from '@/server/tts/types';

/**
 * Reads 16-bit PCM WAV (RIFF) into mono samples. espeak-ng writing to a pipe leaves the size fields
 * at a placeholder, so a data chunk longer than the buffer is cut to what is there.
 */
export function parseWav(bytes: Uint8Array): SynthesisResult {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (bytes.byteLength < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('Not a WAV file');

  let channels = 0;
  let sampleRate = 0;
  let bitsPerSample = 0;
  let offset = 12;
  while (offset + 8 <= bytes.byteLength) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (view.getUint16(body, true) !== 1) throw new Error('WAV is not PCM');
      channels = view.getUint16(body + 2, true);
      sampleRate = view.getUint32(body + 4, true);
      bitsPerSample = view.getUint16(body + 14, true);
    } else if (id === 'data') {
      if (bitsPerSample !== 16 || channels < 1) throw new Error('WAV must be 16-bit PCM with a fmt chunk first');
      const end = Math.min(bytes.byteLength, body + size);
      const frames = Math.floor((end - body) / (2 * channels));
      const pcm = new Int16Array(frames);
      for (let frame = 0; frame < frames; frame += 1) {
        let sum = 0;
        for (let channel = 0; channel < channels; channel += 1) {
          sum += view.getInt16(body + (frame * channels + channel) * 2, true);
        }
        pcm[frame] = Math.round(sum / channels);
      }
      return { pcm, sampleRate };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV has no data chunk');
}
