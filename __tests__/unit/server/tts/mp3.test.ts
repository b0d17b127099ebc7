/** @jest-environment node */
import { encodeMp3, Mp3StreamEncoder } from '@/server/tts/mp3';
import { mp3Duration, readMp3Frame } from '@/server/tts/mp3Info';

function tone(seconds: number, sampleRate: number): Int16Array {
  const pcm = new Int16Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < pcm.length; i += 1) pcm[i] = Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / sampleRate));
  return pcm;
}

describe('encodeMp3', () => {
  it('produces MPEG layer III frames at the requested rate and bitrate', async () => {
    const mp3 = await encodeMp3(tone(1, 22050), 22050, 32);
    expect(mp3[0]).toBe(0xff);
    expect(mp3[1] & 0xe0).toBe(0xe0);
    const frame = readMp3Frame(mp3, 0);
    expect(frame).toEqual(expect.objectContaining({ sampleRate: 22050, kbps: 32, samples: 576 }));
  });

  it('makes a file whose size and duration follow the length of the audio', async () => {
    const one = await encodeMp3(tone(2, 22050), 22050);
    const four = await encodeMp3(tone(8, 22050), 22050);
    expect(mp3Duration(one).seconds).toBeCloseTo(2, 0);
    expect(mp3Duration(four).seconds).toBeCloseTo(8, 0);
    // 32 kbps is 4,000 bytes a second.
    expect(four.length / 8).toBeGreaterThan(3500);
    expect(four.length / 8).toBeLessThan(4500);
    expect(four.length / one.length).toBeGreaterThan(3.5);
    expect(four.length / one.length).toBeLessThan(4.5);
  });

  it('encodes in pieces as a stream, with silence, to the same length as at once', async () => {
    const pcm = tone(3, 22050);
    const stream = await Mp3StreamEncoder.create(22050, 32);
    await stream.writeYielding(pcm.subarray(0, 30000));
    stream.write(pcm.subarray(30000));
    stream.writeSilence(1);
    expect(stream.duration).toBeCloseTo(4, 5);
    const mp3 = stream.end();
    expect(mp3Duration(mp3).seconds).toBeCloseTo(4, 0);
  });

  it('keeps two encoders apart: each file holds only its own audio', async () => {
    const [short, long] = await Promise.all([Mp3StreamEncoder.create(22050), Mp3StreamEncoder.create(22050)]);
    short.write(tone(1, 22050));
    long.write(tone(3, 22050));
    expect(mp3Duration(short.end()).seconds).toBeCloseTo(1, 0);
    expect(mp3Duration(long.end()).seconds).toBeCloseTo(3, 0);
  });
});
