/** @jest-environment node */
import { toSpeechText } from '@/lib/text/speechText';
import { closeEspeakEngine, espeakEngine } from '@/server/tts/espeakEngine';
import { espeakArguments, espeakSpeed } from '@/server/tts/espeakArguments';
import { mp3Duration } from '@/server/tts/mp3Info';
import { renderChapterAudio } from '@/server/tts/render';

afterAll(() => closeEspeakEngine());

function rms(pcm: Int16Array): number {
  let sum = 0;
  for (const sample of pcm) sum += sample * sample;
  return Math.sqrt(sum / pcm.length);
}

describe('espeakEngine (WASM)', () => {
  it('speaks a Vietnamese sentence', async () => {
    const text = toSpeechText('Xin chào, hôm nay là ngày 12/3/2024.');
    const { pcm, sampleRate } = await espeakEngine.synthesize(text, { voice: 'vi' });
    expect(sampleRate).toBe(22050);
    const seconds = pcm.length / sampleRate;
    expect(seconds).toBeGreaterThan(2);
    expect(seconds).toBeLessThan(15);
    expect(rms(pcm)).toBeGreaterThan(300);
  }, 60_000);

  it('speaks faster at a higher rate', async () => {
    const text = 'Trời vừa tối, gió từ đỉnh núi thổi xuống mang theo hơi lạnh.';
    const normal = await espeakEngine.synthesize(text, { rate: 1 });
    const fast = await espeakEngine.synthesize(text, { rate: 2 });
    expect(fast.pcm.length).toBeLessThan(normal.pcm.length * 0.75);
  }, 60_000);

  it('reports an unknown voice instead of returning silence', async () => {
    await expect(espeakEngine.synthesize('xin chào', { voice: 'zzzz' })).rejects.toThrow(/voice/i);
  }, 60_000);

  it('renders a chapter to MP3 paragraph by paragraph', async () => {
    const mp3 = await renderChapterAudio(['Chương 1', '***', 'Hắn mỉm cười.'], { engine: espeakEngine, voice: 'vi' });
    const { seconds, frames } = mp3Duration(mp3);
    expect(frames).toBeGreaterThan(0);
    expect(seconds).toBeGreaterThan(1);
  }, 60_000);
});

describe('espeakArguments', () => {
  it('maps voice and rate to command-line options', () => {
    expect(espeakArguments({ voice: 'vi-vn-x-south', rate: 1.2 }, 'vi')).toEqual(['-v', 'vi-vn-x-south', '-s', '210', '-b', '1']);
    expect(espeakArguments({}, 'vi')).toEqual(['-v', 'vi', '-s', '175', '-b', '1']);
    expect(espeakSpeed(10)).toBe(450);
    expect(() => espeakArguments({ voice: 'vi; rm -rf /' }, 'vi')).toThrow(RangeError);
  });
});
