import { NOTICES, Player } from '@/lib/player/player';
import { remoteUtteranceChars, splitSentences } from '@/lib/player/sentences';
import { PLAYER_PREFS_KEY } from '@/lib/player/storage';
import { EDGE_WINDOWS } from '../../../fixtures/voices/browsers';
import { chapter, flush, makeDeps } from './fakes';

const EDGE = EDGE_WINDOWS as SpeechSynthesisVoice[];
const AN = 'Microsoft An - Vietnamese (Vietnam)';
const HOAIMY = 'Microsoft HoaiMy Online (Natural) - Vietnamese (Vietnam)';
const LONG = 'Trời đã sáng. Gà gáy ba lần rồi mà hắn vẫn ngủ! Ngoài sân, mẹ hắn gọi to. Hắn trở mình.';

function setup(overrides: Parameters<typeof makeDeps>[0] = {}) {
  const fakes = makeDeps(overrides);
  fakes.synth.voices = EDGE;
  const player = new Player(fakes.deps);
  const paragraphs: number[] = [];
  player.setHandlers({ onParagraph: (index) => paragraphs.push(index) });
  player.load(chapter(1, { paragraphs: [LONG, 'Đoạn hai.'] }));
  return { ...fakes, player, paragraphs };
}

describe('Player with the device’s best voice', () => {
  it('reads with Edge’s natural voice until the reader chooses, sentence by sentence', async () => {
    const { player, synth, paragraphs } = setup();
    await player.play();
    await flush();
    expect(player.getState().voices[0].name).toBe(HOAIMY);
    expect(synth.spoken.map((u) => [u.text, u.voice?.name])).toEqual([
      ['Chương một: Thử', HOAIMY],
      ['Trời đã sáng.', HOAIMY],
      ['Gà gáy ba lần rồi mà hắn vẫn ngủ!', HOAIMY],
      ['Ngoài sân, mẹ hắn gọi to.', HOAIMY],
      ['Hắn trở mình.', HOAIMY],
      ['Đoạn hai.', HOAIMY],
    ]);
    // The highlight stays on the paragraph through its sentences, then moves on.
    for (let sentence = 0; sentence < 4; sentence += 1) synth.finishCurrent();
    expect(synth.speaking?.text).toBe('Hắn trở mình.');
    expect(paragraphs).toEqual([0]);
    synth.finishCurrent();
    await flush();
    expect(paragraphs).toEqual([0, 1]);
    expect(player.getState().paragraph).toBe(1);
  });

  it('keeps the reader’s voice for the next visit, in one utterance per paragraph for a local voice', async () => {
    const first = setup();
    first.player.setVoice(AN);
    expect(JSON.parse(first.store.data.get(PLAYER_PREFS_KEY)!)).toMatchObject({ voiceUri: AN, preferServer: false });

    const second = setup({ store: first.store });
    expect(second.player.getState().voiceUri).toBe(AN);
    await second.player.play();
    expect(second.synth.spoken.map((u) => [u.text, u.voice?.name])).toEqual([
      ['Chương một: Thử', AN],
      [LONG, AN],
      ['Đoạn hai.', AN],
    ]);
  });

  it('falls back to the device’s own voice when the online one fails', async () => {
    const { player, synth } = setup();
    await player.play();
    synth.fail('network');
    await flush();
    expect(player.getState()).toMatchObject({ mode: 'speech', status: 'playing', notice: NOTICES.remoteVoiceFailed });
    expect(synth.speaking?.voice?.name).toBe(AN);
    expect(synth.speaking?.text).toBe('Chương một: Thử');
  });
});

describe('sentences for remote voices', () => {
  it('splits after sentence punctuation and closing quotes', () => {
    expect(splitSentences('Mẹ hắn gọi: "Dậy đi con!" Hắn trở mình… rồi ngủ tiếp. Hết')).toEqual(['Mẹ hắn gọi: "Dậy đi con!"', 'Hắn trở mình…', 'rồi ngủ tiếp.', 'Hết']);
  });

  it('keeps an utterance under about ten seconds at the reader’s rate', () => {
    expect(remoteUtteranceChars(1)).toBe(140);
    expect(remoteUtteranceChars(0.5)).toBe(70);
    expect(remoteUtteranceChars(3)).toBe(200);
  });

  it('cuts a long sentence at its commas for a remote voice', async () => {
    const sentence = `${Array.from({ length: 12 }, (_, i) => `mệnh đề số ${i} khá dài`).join(', ')}.`;
    const { player, synth } = setup();
    player.load(chapter(2, { paragraphs: [sentence] }));
    await player.play();
    const texts = synth.spoken.slice(1).map((u) => u.text);
    expect(texts.length).toBeGreaterThan(1);
    expect(texts.every((text) => text.length <= 140)).toBe(true);
    expect(texts.join(' ')).toContain('mệnh đề số mười một khá dài.');
  });
});
