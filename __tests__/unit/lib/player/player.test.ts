import { NOTICES, Player } from '@/lib/player/player';
import { PLAYER_PREFS_KEY, PLAYER_RESUME_KEY } from '@/lib/player/storage';
import { chapter, flush, makeDeps, voice } from './fakes';

async function finishAll(synth: { speaking: unknown; finishCurrent(): void }) {
  for (let guard = 0; guard < 100; guard += 1) {
    await flush();
    if (!synth.speaking) return;
    synth.finishCurrent();
  }
}

function setup(overrides: Parameters<typeof makeDeps>[0] = {}) {
  const fakes = makeDeps(overrides);
  const player = new Player(fakes.deps);
  const navigate = jest.fn();
  const paragraphs: number[] = [];
  player.setHandlers({ onNavigate: navigate, onParagraph: (index) => paragraphs.push(index) });
  return { ...fakes, player, navigate, paragraphs };
}

describe('Player with speechSynthesis', () => {
  it('reads the title then each paragraph in Vietnamese, queueing the next paragraph before the current ends', async () => {
    const { player, synth, paragraphs } = setup();
    player.load(chapter(1));
    await player.play();
    await flush();

    expect(player.getState().status).toBe('playing');
    expect(player.getState().mode).toBe('speech');
    // Paragraph 0 (with the title) is speaking and paragraph 1 is already queued behind it.
    expect(synth.spoken.map((u) => u.text)).toEqual(['Chương một: Thử', 'Đoạn một chương một.', 'Đoạn hai có ba người.']);
    expect(synth.spoken.every((u) => u.lang === 'vi-VN' && u.voice?.name === 'Linh')).toBe(true);
    expect(paragraphs).toEqual([0]);

    synth.finishCurrent(); // title
    synth.finishCurrent(); // paragraph 0
    await flush();
    expect(paragraphs).toEqual([0, 1]);
    expect(synth.spoken.map((u) => u.text)).toContain('Đoạn ba kết thúc.');
    expect(player.getState().paragraph).toBe(1);
  });

  it('uses the chosen rate and pitch, clamped to 0.5–3, and remembers them', async () => {
    const { player, synth, store } = setup();
    player.load(chapter(1));
    player.setRate(5);
    player.setPitch(1.3);
    await player.play();
    expect(synth.spoken[0].rate).toBe(3);
    expect(synth.spoken[0].pitch).toBe(1.3);
    player.setRate(0.2);
    expect(player.getState().rate).toBe(0.5);
    expect(JSON.parse(store.data.get(PLAYER_PREFS_KEY)!)).toMatchObject({ rate: 0.5, pitch: 1.3 });
    // A new player starts with the remembered preferences.
    expect(new Player(makeDeps({ store }).deps).getState().rate).toBe(0.5);
  });

  it('pauses, resumes at the same paragraph, and moves between paragraphs', async () => {
    const { player, synth } = setup();
    player.load(chapter(1));
    await player.play();
    synth.finishCurrent();
    synth.finishCurrent();
    player.pause();
    expect(player.getState().status).toBe('paused');
    expect(synth.speaking).toBeNull();

    const before = synth.spoken.length;
    await player.play();
    expect(synth.spoken[before].text).toBe('Đoạn hai có ba người.');

    player.nextParagraph();
    expect(player.getState().paragraph).toBe(2);
    expect(synth.speaking?.text).toBe('Đoạn ba kết thúc.');
    player.previousParagraph();
    player.previousParagraph();
    // Back at the top, the title is read again first.
    expect(synth.speaking?.text).toBe('Chương một: Thử');
  });

  it('continues into the next chapter at its end, and plays it when the page loads it', async () => {
    const { player, synth, navigate } = setup();
    player.load(chapter(1));
    await player.play();
    await finishAll(synth);
    expect(navigate).toHaveBeenCalledWith(2);
    expect(player.getState().status).toBe('loading');

    player.load(chapter(2));
    await flush();
    expect(player.getState().status).toBe('playing');
    expect(player.getState().chapterIndex).toBe(2);
    expect(synth.speaking?.text).toBe('Chương hai: Thử');
  });

  it('stops at the end of the chapter when automatic next chapter is off', async () => {
    const { player, synth, navigate } = setup();
    player.setAutoNext(false);
    player.load(chapter(1));
    await player.play();
    await finishAll(synth);
    expect(navigate).not.toHaveBeenCalled();
    expect(player.getState()).toMatchObject({ status: 'ended', notice: NOTICES.chapterDone });
  });

  it('goes to the previous and next chapter on request, and keeps playing there', async () => {
    const { player, navigate } = setup();
    player.load(chapter(2));
    await player.play();
    player.previousChapter();
    expect(navigate).toHaveBeenLastCalledWith(1);
    player.load(chapter(1));
    await flush();
    expect(player.getState()).toMatchObject({ status: 'playing', chapterIndex: 1 });
  });

  it('resumes at the last paragraph heard in a chapter', async () => {
    const first = setup();
    first.player.load(chapter(1));
    await first.player.play();
    first.synth.finishCurrent();
    first.synth.finishCurrent();
    first.player.stop();
    expect(JSON.parse(first.store.data.get(PLAYER_RESUME_KEY)!)['7']).toMatchObject({ chapter: 1, paragraph: 1 });

    const second = setup({ store: first.store });
    second.player.load(chapter(1));
    expect(second.player.getState().paragraph).toBe(1);
    await second.player.play();
    expect(second.synth.speaking?.text).toBe('Đoạn hai có ba người.');
  });

  it('waits for voices listed late, then picks a Vietnamese one', async () => {
    let notify: () => void = () => undefined;
    const fakes = makeDeps();
    fakes.synth.voices = [];
    const player = new Player({ ...fakes.deps, onVoicesChanged: (listener) => ((notify = listener), () => undefined) });
    player.load(chapter(1));
    const playing = player.play();
    fakes.synth.voices = [voice('English', 'en-US'), voice('HoaiMy', 'vi-VN')];
    notify();
    await playing;
    expect(player.getState().mode).toBe('speech');
    expect(player.getState().voices.map((v) => v.name)).toEqual(['HoaiMy']);
    expect(fakes.synth.spoken[0].voice?.name).toBe('HoaiMy');
  });
});

describe('Player sleep timer', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('pauses when the minutes run out', async () => {
    const { player, synth } = setup();
    player.load(chapter(1));
    await player.play();
    player.setSleep(15);
    expect(player.getState().sleepEndsAt).toBe(Date.now() + 15 * 60_000);
    jest.advanceTimersByTime(14 * 60_000);
    expect(player.getState().status).toBe('playing');
    jest.advanceTimersByTime(60_000);
    expect(player.getState()).toMatchObject({ status: 'paused', sleep: 'off', notice: NOTICES.sleepDone });
    expect(synth.speaking).toBeNull();
  });

  it('can be turned off before it fires', async () => {
    const { player } = setup();
    player.load(chapter(1));
    await player.play();
    player.setSleep(30);
    player.setSleep('off');
    jest.advanceTimersByTime(31 * 60_000);
    expect(player.getState().status).toBe('playing');
  });

  it('stops at the end of the chapter instead of going on', async () => {
    const { player, synth, navigate } = setup();
    player.load(chapter(1));
    await player.play();
    player.setSleep('chapter');
    await finishAll(synth);
    expect(navigate).not.toHaveBeenCalled();
    expect(player.getState()).toMatchObject({ status: 'ended', sleep: 'off', notice: NOTICES.chapterSleep });
  });
});

describe('Player Media Session', () => {
  it('shows the chapter and maps the lock-screen actions', async () => {
    const { player, session, navigate, synth } = setup();
    player.load(chapter(2));
    expect(session.metadata).toMatchObject({ title: 'Chương 2: Thử', artist: 'Phong Hỏa', album: 'Kiếm Lai' });
    session.handlers.get('play')?.({ action: 'play' });
    await flush();
    expect(session.playbackState).toBe('playing');
    session.handlers.get('seekforward')?.({ action: 'seekforward' });
    expect(synth.speaking?.text).toBe('Đoạn hai có ba người.');
    session.handlers.get('pause')?.({ action: 'pause' });
    expect(session.playbackState).toBe('paused');
    session.handlers.get('nexttrack')?.({ action: 'nexttrack' });
    expect(navigate).toHaveBeenCalledWith(3);
  });
});
