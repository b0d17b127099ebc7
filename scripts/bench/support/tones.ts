/**
 * How well a voice keeps the six Vietnamese tones apart: "ma mà má mả mã mạ" are spoken one by
 * one, the pitch of each is traced (autocorrelation over 40 ms frames), cut to 8 points and
 * expressed in semitones around the voice's median; the smallest distance between two tones'
 * contours (RMS, semitones) says how close the two most alike tones sound. Higher is clearer.
 */
const TONES = ['ma', 'mà', 'má', 'mả', 'mã', 'mạ'];
const POINTS = 8;

interface EspeakModule {
  eSpeakNGWorker: new () => {
    set_voice(name: string): number;
    synthesize(text: string, callback: (audio: Int16Array) => number): void;
    samplerate: number;
  };
}

function pitchTrack(pcm: Int16Array, rate: number): number[] {
  const frame = Math.round(rate * 0.04);
  const hop = Math.round(rate * 0.01);
  const minLag = Math.floor(rate / 400);
  const maxLag = Math.ceil(rate / 70);
  const track: number[] = [];
  for (let start = 0; start + frame + maxLag < pcm.length; start += hop) {
    let energy = 0;
    for (let i = 0; i < frame; i += 1) energy += pcm[start + i] ** 2;
    if (energy / frame < 200 ** 2) continue;
    let bestLag = 0;
    let best = 0;
    for (let lag = minLag; lag <= maxLag; lag += 1) {
      let sum = 0;
      let norm = 0;
      for (let i = 0; i < frame; i += 1) {
        sum += pcm[start + i] * pcm[start + i + lag];
        norm += pcm[start + i + lag] ** 2;
      }
      const score = sum / Math.sqrt(energy * norm || 1);
      if (score > best) {
        best = score;
        bestLag = lag;
      }
    }
    if (best > 0.6) track.push(rate / bestLag);
  }
  return track;
}

function resample(values: number[]): number[] {
  if (values.length === 0) return new Array<number>(POINTS).fill(0);
  return Array.from({ length: POINTS }, (_, at) => values[Math.min(values.length - 1, Math.floor((at * values.length) / POINTS))]);
}

export async function measureToneSeparation(voices: string[]): Promise<{ voice: string; minDistance: number }[]> {
  const { default: init } = (await import('@echogarden/espeak-ng-emscripten')) as { default: (options: object) => Promise<EspeakModule> };
  const engine = new (await init({ print() {}, printErr() {} })).eSpeakNGWorker();
  return voices.map((voice) => {
    engine.set_voice(voice);
    const tracks = TONES.map((word) => {
      const chunks: Int16Array[] = [];
      engine.synthesize(word, (audio) => (chunks.push(audio.slice()), 0));
      const pcm = new Int16Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
      chunks.reduce((offset, chunk) => (pcm.set(chunk, offset), offset + chunk.length), 0);
      return resample(pitchTrack(pcm, engine.samplerate));
    });
    const all = tracks.flat().filter((hz) => hz > 0).sort((a, b) => a - b);
    const median = all[Math.floor(all.length / 2)] || 1;
    const contours = tracks.map((track) => track.map((hz) => (hz > 0 ? 12 * Math.log2(hz / median) : 0)));
    let minDistance = Infinity;
    for (let a = 0; a < contours.length; a += 1) {
      for (let b = a + 1; b < contours.length; b += 1) {
        const squares = contours[a].reduce((sum, value, at) => sum + (value - contours[b][at]) ** 2, 0);
        minDistance = Math.min(minDistance, Math.sqrt(squares / POINTS));
      }
    }
    return { voice, minDistance };
  });
}
