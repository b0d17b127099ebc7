import { Player } from '@/lib/player/player';
import { chapter, flush, makeDeps } from './fakes';

/** A reader fixes a word while the browser's voice reads: what is still to be read says the fix. */
describe('Player when the chapter’s text changes in place', () => {
  function playing() {
    const fakes = makeDeps();
    const player = new Player(fakes.deps);
    const first = chapter(1, { paragraphs: ['Lâm uyên mở mắt.', 'Trời sáng.', 'Lâm uyên đứng dậy.', 'Hết.'] });
    player.load(first);
    return { ...fakes, player, first };
  }

  it('reads a changed paragraph that was not queued yet as it is now, without starting again', async () => {
    const { player, synth, first } = playing();
    await player.play();
    await flush();
    expect(synth.spoken.map((u) => u.text)).toEqual(['Chương một: Thử', 'Lâm uyên mở mắt.', 'Trời sáng.']);
    const cancels = synth.cancels;

    // Paragraph 0 is being read and 1 is queued; the fix changes paragraph 2.
    player.load({ ...first, paragraphs: ['Lâm uyên mở mắt.', 'Trời sáng.', 'Lâm Uyên đứng dậy.', 'Hết.'] });
    expect(synth.cancels).toBe(cancels);
    expect(player.getState().status).toBe('playing');

    synth.finishCurrent(); // title
    synth.finishCurrent(); // paragraph 0, as queued before the fix
    await flush();
    expect(synth.spoken.map((u) => u.text).at(-1)).toBe('Lâm Uyên đứng dậy.');
  });

  it('starts again from the paragraph being read when that paragraph changed', async () => {
    const { player, synth, first } = playing();
    await player.play();
    synth.finishCurrent(); // title
    synth.finishCurrent(); // paragraph 0
    await flush();
    expect(player.getState().paragraph).toBe(1);

    player.load({ ...first, paragraphs: ['Lâm Uyên mở mắt.', 'Trời đã sáng.', 'Lâm Uyên đứng dậy.', 'Hết.'] });
    await flush();
    expect(player.getState()).toMatchObject({ status: 'playing', paragraph: 1 });
    expect(synth.speaking?.text).toBe('Trời đã sáng.');
  });

  it('keeps the new text for the next play when paused', async () => {
    const { player, synth, first } = playing();
    await player.play();
    player.pause();
    player.load({ ...first, paragraphs: ['Lâm Uyên mở mắt.', 'Trời sáng.', 'Lâm Uyên đứng dậy.', 'Hết.'] });
    await player.play();
    await flush();
    expect(synth.spoken.map((u) => u.text)).toContain('Lâm Uyên mở mắt.');
  });
});
