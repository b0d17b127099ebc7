import { paragraphAtTime, startOfParagraph } from '@/lib/player/audioEngine';
import { planAudioParts } from '@/lib/player/parts';
import { NOTICES, Player, SERVER_VOICE, serverVoiceOption } from '@/lib/player/player';
import { chapter, flush, makeDeps, voice, type FakeAudio } from './fakes';

/** Six paragraphs of 200 characters: parts are the title, paragraphs 0–1, then 2–5. */
const LONG = Array.from({ length: 6 }, (_, index) => `Đoạn ${index + 1}. ${'Gió thổi qua rừng trúc. '.repeat(8)}`.slice(0, 200));

function setup(overrides: Parameters<typeof makeDeps>[0] = {}) {
  const fakes = makeDeps(overrides);
  fakes.synth.voices = [voice('English', 'en-US')];
  const player = new Player(fakes.deps);
  const navigate = jest.fn();
  const heard: number[] = [];
  player.setHandlers({ onNavigate: navigate, onParagraph: (index) => heard.push(index) });
  const playingAudio = () => fakes.audios.find((audio) => audio.playing) ?? null;
  return { ...fakes, player, navigate, heard, playingAudio };
}

async function endPart(audio: FakeAudio | null) {
  if (!audio) throw new Error('nothing is playing');
  audio.playing = false;
  audio.emit('ended');
  await flush();
}

describe('audio parts', () => {
  it('are the title, then whole paragraphs in growing groups', () => {
    expect(planAudioParts(LONG)).toEqual([
      { part: 0, from: 0, to: 0, title: true },
      { part: 1, from: 0, to: 2, title: false },
      { part: 2, from: 2, to: 6, title: false },
    ]);
    expect(planAudioParts(['Một.'])).toEqual([
      { part: 0, from: 0, to: 0, title: true },
      { part: 1, from: 0, to: 1, title: false },
    ]);
  });

  it('map playing time to the paragraph heard and back', () => {
    const part = { part: 2, from: 2, to: 5, title: false };
    expect(paragraphAtTime(part, [3, 4, 5], 0)).toBe(2);
    expect(paragraphAtTime(part, [3, 4, 5], 3.5)).toBe(3);
    expect(paragraphAtTime(part, [3, 4, 5], 99)).toBe(4);
    expect(startOfParagraph(part, [3, 4, 5], 4)).toBe(7);
  });
});

describe('Player with the server audio, part by part', () => {
  it('plays the parts back to back, the next one already loaded, and highlights what is heard', async () => {
    const { player, parts, audios, heard, playingAudio } = setup();
    player.load(chapter(1, { paragraphs: LONG }));
    await player.play();
    await flush();
    expect(player.getState()).toMatchObject({ mode: 'audio', status: 'playing', notice: NOTICES.noVoice });
    // The title plays; the two parts after it are fetched ahead, the next one loaded in the other element.
    expect(playingAudio()?.src).toBe('blob:1/0/default');
    expect(parts.requests.map((r) => [r.part, r.prefetch])).toEqual([
      [0, false],
      [1, true],
      [2, true],
    ]);
    const idle = audios.find((audio) => !audio.playing)!;
    expect(idle.src).toBe('blob:1/1/default');
    expect(heard).toEqual([0]);

    await endPart(playingAudio());
    expect(playingAudio()).toBe(idle);
    expect(idle.currentTime).toBe(0);
    // No second request for part 1: it was already there.
    expect(parts.requests.filter((r) => r.part === 1)).toHaveLength(1);
    idle.currentTime = 2.5;
    idle.emit('timeupdate');
    expect(heard).toEqual([0, 1]);
    expect(player.getState().paragraph).toBe(1);

    await endPart(playingAudio());
    expect(playingAudio()?.src).toBe('blob:1/2/default');
    playingAudio()!.currentTime = 6.1;
    playingAudio()!.emit('timeupdate');
    expect(player.getState().paragraph).toBe(5);
    // Parts already heard are released.
    expect(parts.released).toEqual(expect.arrayContaining(['blob:1/0/default', 'blob:1/1/default']));
  });

  it('seeks by paragraph within the part and across parts', async () => {
    const { player, playingAudio } = setup();
    player.load(chapter(1, { paragraphs: LONG }));
    await player.play();
    await flush();
    player.seek(3);
    await flush();
    expect(playingAudio()?.src).toBe('blob:1/2/default');
    expect(playingAudio()?.currentTime).toBe(2);
    expect(player.getState().paragraph).toBe(3);
    player.seek(1);
    await flush();
    expect(playingAudio()?.src).toBe('blob:1/1/default');
    expect(playingAudio()?.currentTime).toBe(2);
  });

  it('changes the rate at once, without fetching or restarting', async () => {
    const { player, parts, audios, playingAudio } = setup();
    player.load(chapter(1, { paragraphs: LONG }));
    await player.play();
    await flush();
    const requests = parts.requests.length;
    const plays = playingAudio()!.play.mock.calls.length;
    player.setRate(1.5);
    expect(audios.map((audio) => audio.playbackRate)).toEqual([1.5, 1.5]);
    expect(parts.requests).toHaveLength(requests);
    expect(playingAudio()!.play.mock.calls.length).toBe(plays);
    await endPart(playingAudio());
    expect(playingAudio()?.playbackRate).toBe(1.5);
  });

  it('takes a new server voice from the next part, without interrupting the one playing', async () => {
    const { player, parts, playingAudio } = setup();
    player.load(chapter(1, { paragraphs: LONG }));
    await player.play();
    await flush();
    await endPart(playingAudio());
    const current = playingAudio()!;
    expect(current.src).toBe('blob:1/1/default');
    player.setVoice(serverVoiceOption('vi-vn-x-south'));
    await flush();
    expect(playingAudio()).toBe(current);
    expect(current.src).toBe('blob:1/1/default');
    expect(parts.requests.at(-1)).toMatchObject({ part: 2, voice: 'vi-vn-x-south', prefetch: true });
    await endPart(playingAudio());
    expect(playingAudio()?.src).toBe('blob:1/2/vi-vn-x-south');
    expect(player.getState()).toMatchObject({ voiceUri: SERVER_VOICE, serverVoice: 'vi-vn-x-south' });
  });

  it('goes on to the next chapter at the end of the last part', async () => {
    const { player, parts, navigate, playingAudio } = setup();
    player.load(chapter(1, { paragraphs: LONG }));
    await player.play();
    await flush();
    for (let part = 0; part < 2; part += 1) await endPart(playingAudio());
    // The last part plays: the next chapter's heading is fetched ahead, once.
    expect(parts.requests.filter((r) => r.chapter === 2)).toEqual([expect.objectContaining({ part: 0, prefetch: true })]);
    await endPart(playingAudio());
    expect(navigate).toHaveBeenCalledWith(2);
    // The next heading plays at once, before the page has opened the chapter; nothing is highlighted for it yet.
    expect(playingAudio()?.src).toBe('blob:2/0/default');
    expect(player.getState()).toMatchObject({ status: 'loading', chapterIndex: 1 });
    const heading = playingAudio()!;
    const plays = heading.play.mock.calls.length;
    player.load(chapter(2, { paragraphs: LONG }));
    await flush();
    await flush();
    expect(player.getState()).toMatchObject({ status: 'playing', chapterIndex: 2, paragraph: 0 });
    expect(playingAudio()?.src).toBe('blob:2/0/default');
    // The heading fetched ahead is what plays, without a restart: it is not asked again.
    expect(parts.requests.filter((r) => r.chapter === 2 && r.part === 0)).toHaveLength(1);
    expect(playingAudio()).toBe(heading);
    expect(heading.play).toHaveBeenCalledTimes(plays);
    // When it ends, the chapter's first paragraphs follow.
    await endPart(playingAudio());
    expect(playingAudio()?.src).toBe('blob:2/1/default');
    expect(player.getState()).toMatchObject({ chapterIndex: 2, paragraph: 0, status: 'playing' });
  });

  it('plays the next heading from its start when the page opens the chapter before its audio arrived', async () => {
    const slow = makeDeps().parts;
    let deliver: () => void = () => undefined;
    const heading = new Promise<void>((resolve) => (deliver = resolve));
    const { player, navigate, playingAudio } = setup({
      partSource: async (c, part, request) => {
        if (c.index === 2 && part === 0) await heading;
        return slow.source(c, part, request);
      },
    });
    player.load(chapter(1, { paragraphs: LONG }));
    await player.play();
    await flush();
    for (let part = 0; part < 3; part += 1) await endPart(playingAudio());
    expect(navigate).toHaveBeenCalledWith(2);
    player.load(chapter(2, { paragraphs: LONG }));
    await flush();
    deliver();
    await flush();
    await flush();
    expect(playingAudio()?.src).toBe('blob:2/0/default');
    expect(player.getState()).toMatchObject({ status: 'playing', chapterIndex: 2, paragraph: 0 });
    await endPart(playingAudio());
    expect(playingAudio()?.src).toBe('blob:2/1/default');
  });

  it('lets go of the next heading’s audio when the listener stops before the chapter opens', async () => {
    const { player, parts, navigate, playingAudio } = setup();
    player.load(chapter(1, { paragraphs: LONG }));
    await player.play();
    await flush();
    for (let part = 0; part < 3; part += 1) await endPart(playingAudio());
    expect(navigate).toHaveBeenCalledWith(2);
    expect(playingAudio()?.src).toBe('blob:2/0/default');
    player.stop();
    await flush();
    expect(parts.released).toContain('blob:2/0/default');
  });

  it('stops at the end of the chapter when the sleep timer says so', async () => {
    const { player, navigate, playingAudio } = setup();
    player.load(chapter(1, { paragraphs: LONG }));
    await player.play();
    await flush();
    player.setSleep('chapter');
    for (let part = 0; part < 3; part += 1) await endPart(playingAudio());
    expect(navigate).not.toHaveBeenCalled();
    expect(player.getState()).toMatchObject({ status: 'ended', sleep: 'off', notice: NOTICES.chapterSleep });
  });

  it('fetches the first part while a browser that lists no voice is still waited for', async () => {
    const { player, parts, synth, playingAudio } = setup({ voiceWaitMs: 30 });
    synth.voices = [];
    player.load(chapter(1, { paragraphs: LONG }));
    const playing = player.play();
    await flush();
    expect(parts.requests).toEqual([expect.objectContaining({ part: 0 })]);
    await playing;
    await flush();
    expect(player.getState().mode).toBe('audio');
    expect(playingAudio()?.src).toBe('blob:1/0/default');
    expect(parts.requests.filter((r) => r.part === 0)).toHaveLength(1);
  });

  it('says so when a part cannot be fetched', async () => {
    const { player, parts } = setup();
    parts.source.mockRejectedValueOnce(new Error('503'));
    player.load(chapter(1, { paragraphs: LONG }));
    await player.play();
    await flush();
    expect(player.getState()).toMatchObject({ status: 'paused', notice: NOTICES.audioFailed });
  });

  it('falls back to the server audio when the browser voice fails to speak', async () => {
    const { player, synth } = setup();
    synth.voices = [voice('Linh', 'vi-VN')];
    player.load(chapter(1));
    await player.play();
    synth.fail('synthesis-failed');
    expect(player.getState()).toMatchObject({ mode: 'audio', notice: NOTICES.noVoice });
  });

  it('uses the server audio when the listener chooses it', async () => {
    const { player, synth, parts } = setup();
    synth.voices = [voice('Linh', 'vi-VN')];
    player.setVoice(SERVER_VOICE);
    player.load(chapter(1));
    void player.play();
    await flush();
    expect(player.getState().mode).toBe('audio');
    expect(player.getState().notice).toBeNull();
    expect(synth.spoken).toHaveLength(0);
    expect(parts.requests[0]).toMatchObject({ part: 0, voice: null });
  });
});
