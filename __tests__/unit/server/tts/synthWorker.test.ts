/**
 * @jest-environment node
 */
import { toSpeechSegments } from '@/lib/text/speechSegments';
import { SynthPool, type PartJob } from '@/server/tts/workerPool';

const SENTENCE = 'Hắn gặp John Johnson.';
/** espeak-ng's timing varies by a few samples from run to run; the voices differ by far more. */
const SAME_S = 0.03;
const DIFFERENT_S = 0.1;

describe('synthesis worker with foreign names', () => {
  const pool = new SynthPool(1);
  const seconds = async (job: Partial<PartJob> & Pick<PartJob, 'paragraphs'>) => {
    const part = await pool.render({ voice: 'vi', foreignVoice: 'en', wordsPerMinute: 175, kbps: 32, pauseSeconds: 0, ...job });
    expect(part.mp3.length).toBeGreaterThan(1000);
    return part.paragraphSeconds[0];
  };

  beforeAll(() => pool.warm(), 60_000);
  afterAll(() => pool.close());

  it('reads the English segments of a paragraph with the English voice, in the same part', async () => {
    const segments = toSpeechSegments(SENTENCE);
    expect(segments.filter((segment) => segment.lang === 'en').map((segment) => segment.text)).toEqual(['John Johnson.']);

    const allVietnamese = await seconds({ paragraphs: [SENTENCE] });
    const mixed = await seconds({ paragraphs: [segments] });
    expect(mixed).toBeGreaterThan(1);
    expect(Math.abs(mixed - allVietnamese)).toBeGreaterThan(DIFFERENT_S);

    // The English segment alone sounds like the English voice, not like the Vietnamese one.
    const englishSegment = await seconds({ paragraphs: [[{ lang: 'en', text: 'John Johnson' }]] });
    const englishVoice = await seconds({ paragraphs: ['John Johnson'], voice: 'en' });
    const vietnameseVoice = await seconds({ paragraphs: ['John Johnson'] });
    expect(Math.abs(englishSegment - englishVoice)).toBeLessThan(SAME_S);
    expect(Math.abs(englishSegment - vietnameseVoice)).toBeGreaterThan(DIFFERENT_S);

    // The Vietnamese voice is back for what follows.
    expect(Math.abs((await seconds({ paragraphs: [SENTENCE] })) - allVietnamese)).toBeLessThan(SAME_S);
  }, 60_000);
});
