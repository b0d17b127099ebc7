import { NOTICES, Player } from '@/lib/player/player';
import type { Clock } from '@/lib/player/deps';
import { EMPTY_LISTS, type ReplacementLists } from '@/lib/player/replacements';
import { chapter, flush, makeDeps, type FakeAudio } from './fakes';

/** A clock the test moves: timeouts run when their time comes. */
function manualClock() {
  let now = 1_000_000;
  let id = 0;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const clock: Clock = {
    now: () => now,
    setTimeout: (callback, ms) => {
      id += 1;
      pending.set(id, { at: now + ms, callback });
      return id as unknown as ReturnType<typeof setTimeout>;
    },
    clearTimeout: (handle) => void pending.delete(handle as unknown as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [key, entry] of [...pending].sort(([, a], [, b]) => a.at - b.at)) {
      if (entry.at > now) continue;
      pending.delete(key);
      entry.callback();
    }
  };
  return { clock, advance, pending };
}

function visibility() {
  let hidden = false;
  const listeners = new Set<() => void>();
  return {
    hidden: () => hidden,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(value: boolean) {
      hidden = value;
      for (const listener of listeners) listener();
    },
  };
}

function setup(overrides: Parameters<typeof makeDeps>[0] = {}) {
  const fakes = makeDeps(overrides);
  const player = new Player(fakes.deps);
  const navigate = jest.fn();
  player.setHandlers({ onNavigate: navigate });
  const playingAudio = () => fakes.audios.find((audio) => audio.playing) ?? null;
  return { ...fakes, player, navigate, playingAudio };
}

async function endAudioPart(audio: FakeAudio | null) {
  if (!audio) throw new Error('nothing is playing');
  audio.playing = false;
  audio.emit('ended');
  await flush();
}

async function finishSpeech(synth: { speaking: unknown; finishCurrent(): void }) {
  for (let guard = 0; guard < 50 && synth.speaking; guard += 1) {
    synth.finishCurrent();
    await flush();
  }
}

describe('sleep timer counting chapters', () => {
  it('plays to the end of the Nth chapter from the one playing, then stops, and the lock screen counts down', async () => {
    const { player, synth, navigate, session } = setup();
    player.load(chapter(1));
    await player.play();
    player.setSleep('chapters:2');
    expect(player.getState().sleepChaptersLeft).toBe(2);
    expect(session.metadata).toMatchObject({ title: 'Chương 1: Thử', artist: 'Phong Hỏa · còn 2 chương' });

    await finishSpeech(synth);
    expect(navigate).toHaveBeenLastCalledWith(2);
    player.load(chapter(2));
    await flush();
    expect(player.getState()).toMatchObject({ status: 'playing', chapterIndex: 2, sleepChaptersLeft: 1 });
    expect(session.metadata).toMatchObject({ title: 'Chương 2: Thử', artist: 'Phong Hỏa · dừng ở cuối chương' });

    await finishSpeech(synth);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(player.getState()).toMatchObject({ status: 'ended', sleep: 'off', sleepChaptersLeft: null, notice: NOTICES.chapterSleep });
  });

  it('goes on into the next chapters even when automatic next chapter is off, and forgets the count when turned off', async () => {
    const { player, synth, navigate } = setup();
    player.setAutoNext(false);
    player.load(chapter(1));
    await player.play();
    player.setSleep('chapters:3');
    await finishSpeech(synth);
    expect(navigate).toHaveBeenCalledWith(2);
    player.setSleep('off');
    expect(player.getState().sleepChaptersLeft).toBeNull();
  });

  it('shows the minutes left of a timed sleep on the lock screen', async () => {
    const { clock, advance } = manualClock();
    const { player, session } = setup({ clock });
    player.load(chapter(1));
    await player.play();
    player.setSleep(15);
    expect(session.metadata).toMatchObject({ artist: 'Phong Hỏa · tắt sau 15 phút' });
    advance(15 * 60_000);
    expect(player.getState()).toMatchObject({ status: 'paused', notice: NOTICES.sleepDone });
  });
});

describe('pauses with the browser voice', () => {
  it('speaks one utterance at a time, resting after sentences and longer after paragraphs', async () => {
    const { clock, advance, pending } = manualClock();
    const { player, synth } = setup({ clock });
    player.setPauses({ sentence: 0.5, paragraph: 1 });
    player.load(chapter(1, { paragraphs: ['Một câu. Hai câu.', 'Đoạn sau.'], next: null }));
    await player.play();
    await flush();
    expect(synth.spoken.map((u) => u.text)).toEqual(['Chương một: Thử']);
    synth.finishCurrent();
    expect(synth.spoken.map((u) => u.text)).toEqual(['Chương một: Thử', 'Một câu.']);
    synth.finishCurrent();
    // Half a second after a sentence.
    expect(synth.speaking).toBeNull();
    advance(499);
    expect(synth.spoken).toHaveLength(2);
    advance(1);
    expect(synth.spoken.at(-1)?.text).toBe('Hai câu.');
    synth.finishCurrent();
    advance(999);
    expect(synth.spoken).toHaveLength(3);
    advance(1);
    expect(synth.spoken.at(-1)?.text).toBe('Đoạn sau.');
    expect(player.getState().paragraph).toBe(1);
    // No rest after the chapter's last paragraph.
    synth.finishCurrent();
    await flush();
    expect(player.getState().status).toBe('ended');
    expect(pending.size).toBe(0);
  });

  it('asks the server for the same rests', async () => {
    const { player, parts } = setup({ synth: null });
    player.setPauses({ sentence: 0.25, paragraph: 2 });
    player.load(chapter(1));
    await player.play();
    await flush();
    expect(parts.source.mock.calls[0][2].pauses).toEqual({ sentence: 0.25, paragraph: 2 });
  });
});

describe('replacements in what is spoken', () => {
  const lists: ReplacementLists = { reader: [{ from: 'người', to: 'nhân', wholeWord: true }], story: [{ from: 'Đoạn', to: 'Khúc', wholeWord: true }], disabledDefaults: [] };

  it('says the reader’s and the story’s replacements, and sends the server those its part needs', async () => {
    const load = jest.fn(async () => lists);
    const { player, synth } = setup({ replacements: { load } });
    player.load(chapter(1));
    await player.play();
    await flush();
    expect(load).toHaveBeenCalledWith('7');
    expect(synth.spoken.map((u) => u.text)).toEqual(['Chương một: Thử', 'Khúc một chương một.', 'Khúc hai có ba nhân.']);

    const server = setup({ synth: null, replacements: { load } });
    server.player.load(chapter(1));
    await server.player.play();
    await flush();
    const sent = server.parts.source.mock.calls.find(([, part]) => part === 1)![2].replacements;
    // In the order they win (the longest first), so the server decides the same way.
    expect(sent).toEqual({ entries: [lists.reader[0], lists.story[0]], pause: true });
  });

  it('reads with the defaults when the lists cannot be had, and with a saved change at once', async () => {
    const { player, synth } = setup({ replacements: { load: async () => Promise.reject(new Error('offline')) } });
    player.load(chapter(1, { paragraphs: ['HP còn 10……', 'Xong.'] }));
    await player.play();
    await flush();
    expect(synth.spoken[1].text).toBe('máu còn mười');
    player.setReplacements('7', { ...EMPTY_LISTS, disabledDefaults: ['hp'] });
    await flush();
    expect(synth.spoken.at(-2)?.text).toBe('HP còn mười');
  });
});

describe('going on behind a hidden page', () => {
  it('switches to the server audio at the paragraph being said, keeps it when shown, and goes back at the chapter end', async () => {
    const page = visibility();
    const { player, synth, parts, playingAudio } = setup({ visibility: page, phone: true });
    player.load(chapter(1, { next: 2 }));
    await player.play();
    await flush();
    synth.finishCurrent(); // title
    synth.finishCurrent(); // paragraph 0
    await flush();
    expect(player.getState()).toMatchObject({ mode: 'speech', paragraph: 1, backgroundServer: true });
    // While the voice speaks, the server part of what it says is fetched ahead.
    expect(parts.requests.at(-1)).toMatchObject({ chapter: 1, part: 1, prefetch: false });

    page.set(true);
    await flush();
    expect(player.getState()).toMatchObject({ mode: 'audio', handoff: true, paragraph: 1, notice: NOTICES.handoff });
    expect(playingAudio()?.src).toBe('blob:1/1/default');
    // The part already fetched plays from paragraph 1 (each paragraph lasts 2 s).
    expect(playingAudio()?.currentTime).toBe(2);
    expect(parts.requests.filter((r) => r.chapter === 1 && r.part === 1)).toHaveLength(1);

    page.set(false);
    await flush();
    expect(player.getState()).toMatchObject({ mode: 'audio', handoff: true, status: 'playing' });

    await endAudioPart(playingAudio());
    expect(player.getState().handoff).toBe(false);
    player.load(chapter(2));
    await flush();
    await flush();
    expect(player.getState()).toMatchObject({ mode: 'speech', chapterIndex: 2, status: 'playing' });
  });

  it('stays with the browser voice when the setting is off, and is off by default on a computer', async () => {
    const page = visibility();
    const { player } = setup({ visibility: page });
    expect(player.getState().backgroundServer).toBe(false);
    player.load(chapter(1));
    await player.play();
    page.set(true);
    expect(player.getState()).toMatchObject({ mode: 'speech', handoff: false });
    player.setBackgroundServer(true);
    page.set(false);
    page.set(true);
    expect(player.getState()).toMatchObject({ mode: 'audio', handoff: true });
    player.useBrowserVoice();
    expect(player.getState()).toMatchObject({ mode: 'speech', handoff: false });
  });
});
