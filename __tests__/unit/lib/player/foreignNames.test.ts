import { Player } from '@/lib/player/player';
import { englishVoice } from '@/lib/player/speechEngine';
import { chapter, flush, makeDeps, voice } from './fakes';

const PARAGRAPHS = ['Anh ấy gặp John Smith ở London.', 'Nguyen Van An chơi game.', 'Hết.'];

function setup(voices: SpeechSynthesisVoice[]) {
  const fakes = makeDeps();
  fakes.synth.voices = voices;
  const player = new Player(fakes.deps);
  const paragraphs: number[] = [];
  player.setHandlers({ onParagraph: (index) => paragraphs.push(index) });
  player.load(chapter(1, { paragraphs: PARAGRAPHS }));
  return { ...fakes, player, paragraphs };
}

const spoken = (synth: ReturnType<typeof makeDeps>['synth']) => synth.spoken.map((u) => [u.text, u.lang, u.voice?.name ?? null]);

describe('Foreign names in the browser voice', () => {
  it('reads foreign names with the English voice, the rest with the Vietnamese one', async () => {
    const { player, synth, paragraphs } = setup([voice('Linh', 'vi-VN'), voice('Samantha', 'en-US')]);
    await player.play();
    await flush();
    // Paragraph 0 (after the title) is queued, and paragraph 1 behind it.
    expect(spoken(synth)).toEqual([
      ['Chương một: Thử', 'vi-VN', 'Linh'],
      ['Anh ấy gặp', 'vi-VN', 'Linh'],
      ['John Smith', 'en-US', 'Samantha'],
      ['ở', 'vi-VN', 'Linh'],
      ['London.', 'en-US', 'Samantha'],
      ['Nguyên Van An chơi ghêm.', 'vi-VN', 'Linh'],
    ]);
    expect(paragraphs).toEqual([0]);
  });

  it('keeps the highlight on the paragraph while its English utterances play', async () => {
    const { player, synth, paragraphs } = setup([voice('Linh', 'vi-VN'), voice('Samantha', 'en-US')]);
    await player.play();
    synth.finishCurrent(); // the title
    synth.finishCurrent(); // "Anh ấy gặp"
    expect(synth.speaking?.text).toBe('John Smith');
    synth.finishCurrent();
    synth.finishCurrent(); // "ở"
    expect(synth.speaking?.text).toBe('London.');
    expect(paragraphs).toEqual([0]);
    expect(player.getState().paragraph).toBe(0);
    synth.finishCurrent();
    await flush();
    expect(paragraphs).toEqual([0, 1]);
    expect(synth.speaking?.text).toBe('Nguyên Van An chơi ghêm.');
  });

  it('reads everything with the Vietnamese voice when the browser has no English one', async () => {
    const { player, synth } = setup([voice('Linh', 'vi-VN')]);
    await player.play();
    expect(spoken(synth)).toEqual([
      ['Chương một: Thử', 'vi-VN', 'Linh'],
      ['Anh ấy gặp John Smith ở London.', 'vi-VN', 'Linh'],
      ['Nguyên Van An chơi ghêm.', 'vi-VN', 'Linh'],
    ]);
  });
});

describe('englishVoice', () => {
  it('prefers a local voice, then American English, and needs an English one', () => {
    const remoteUs = { ...voice('Remote', 'en-US'), localService: false };
    expect(englishVoice([voice('Linh', 'vi-VN'), remoteUs, voice('Daniel', 'en-GB'), voice('Alex', 'en_US')])?.name).toBe('Alex');
    expect(englishVoice([remoteUs, voice('Daniel', 'en-GB')])?.name).toBe('Daniel');
    expect(englishVoice([voice('Linh', 'vi-VN'), voice('Eng', 'eng')])).toBeNull();
  });
});
