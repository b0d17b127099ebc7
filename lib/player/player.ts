import { AudioEngine, type AudioLike, type PartSource } from './audioEngine';
import type { MediaSessionBridge } from './mediaSession';
import { isServerVoice } from './serverVoices';
import { SpeechEngine, type SynthLike, type UtteranceLike } from './speechEngine';
import { clampToRange, loadPrefs, loadResume, savePrefs, saveResume, type KeyValueStore, type PlayerPrefs } from './storage';
import {
  PITCH,
  RATE,
  type EngineEvents,
  type PlaybackEngine,
  type PlayerChapter,
  type PlayerHandlers,
  type PlayerState,
  type SleepChoice,
  type VoiceOption,
} from './types';

export const NOTICES = {
  noVoice: 'Trình duyệt này không có giọng đọc tiếng Việt, nên đang phát bản đọc từ máy chủ.',
  blocked: 'Trình duyệt chưa cho phép phát âm thanh. Hãy nhấn Phát để nghe.',
  sleepDone: 'Đã hết giờ hẹn, trình phát đã tạm dừng.',
  chapterSleep: 'Đã dừng ở cuối chương theo hẹn giờ.',
  chapterDone: 'Đã nghe hết chương.',
  audioFailed: 'Không phát được bản đọc từ máy chủ. Vui lòng thử lại.',
} as const;

/** The server-audio choice in the voice picker (the server's default voice). */
export const SERVER_VOICE = 'server';
/** A server voice in the voice picker: `server:<espeak-ng variant>`. */
export const serverVoiceOption = (id: string) => `${SERVER_VOICE}:${id}`;

function parseServerChoice(uri: string | null): { server: boolean; voice: string | null } {
  if (uri === SERVER_VOICE) return { server: true, voice: null };
  if (uri?.startsWith(`${SERVER_VOICE}:`)) {
    const id = uri.slice(SERVER_VOICE.length + 1);
    return { server: true, voice: isServerVoice(id) ? id : null };
  }
  return { server: false, voice: null };
}

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): ReturnType<typeof setTimeout>;
  clearTimeout(handle: ReturnType<typeof setTimeout>): void;
}

export interface PlayerDeps {
  synth: SynthLike | null;
  createUtterance: (text: string) => UtteranceLike;
  /** Subscribes to the browser's voiceschanged; returns the unsubscribe. */
  onVoicesChanged?: (listener: () => void) => () => void;
  /** Called twice: the server audio plays in two elements that take turns. */
  createAudio: () => AudioLike;
  partSource: PartSource;
  store: KeyValueStore | null;
  media: MediaSessionBridge;
  clock: Clock;
  /**
   * How long to wait for a browser that has listed no voice yet to list them (Chrome lists them
   * late); the server audio is fetched meanwhile, so a browser without voices loses little.
   */
  voiceWaitMs?: number;
}

const DEFAULT_VOICE_WAIT_MS = 700;

const isVietnamese = (voice: SpeechSynthesisVoice) => voice.lang.toLowerCase().replace('_', '-').startsWith('vi');

/**
 * The listening player: one per page session, driven by its hook and by the Media Session. It
 * owns the state (paragraph, status, preferences, sleep timer) and delegates the sound to an
 * engine: the browser's speech synthesis, or the server's audio where there is no Vietnamese voice.
 */
export class Player {
  private state: PlayerState;
  private readonly listeners = new Set<() => void>();
  private chapter: PlayerChapter | null = null;
  private engine: PlaybackEngine | null = null;
  private speechEngine: SpeechEngine | null = null;
  private audioEngine: AudioEngine | null = null;
  /** The browser listed no voice within the wait: later chapters do not wait again. */
  private voicesAbsent = false;
  private handlers: PlayerHandlers = {};
  private pendingAutoplay: string | null = null;
  private sleepTimer: ReturnType<typeof setTimeout> | null = null;
  private prefs: PlayerPrefs;
  private readonly unsubscribeVoices: () => void;
  private readonly events: EngineEvents = {
    paragraph: (index) => this.onParagraph(index),
    end: () => this.onChapterEnd(),
    error: (kind) => this.onEngineError(kind),
  };

  constructor(private readonly deps: PlayerDeps) {
    this.prefs = loadPrefs(deps.store);
    this.state = {
      status: 'idle',
      mode: this.prefs.preferServer || !deps.synth ? 'audio' : 'speech',
      storyId: null,
      chapterIndex: null,
      paragraph: 0,
      paragraphCount: 0,
      voices: this.voiceOptions(),
      voiceUri: this.prefs.preferServer ? SERVER_VOICE : this.prefs.voiceUri,
      serverVoice: this.prefs.serverVoice,
      rate: this.prefs.rate,
      pitch: this.prefs.pitch,
      autoNext: this.prefs.autoNext,
      sleep: 'off',
      sleepEndsAt: null,
      notice: null,
    };
    this.unsubscribeVoices =
      deps.onVoicesChanged?.(() => {
        this.voicesAbsent = false;
        this.update({ voices: this.voiceOptions() });
      }) ?? (() => undefined);
    deps.media.bind({
      play: () => void this.play(),
      pause: () => this.pause(),
      stop: () => this.stop(),
      previousChapter: () => this.goToChapter(this.chapter?.prev ?? null),
      nextChapter: () => this.goToChapter(this.chapter?.next ?? null),
      previousParagraph: () => this.seek(this.state.paragraph - 1),
      nextParagraph: () => this.seek(this.state.paragraph + 1),
    });
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): PlayerState => this.state;

  setHandlers(handlers: PlayerHandlers): void {
    this.handlers = handlers;
  }

  /**
   * Shows a chapter in the player. Playback continues into it when the player asked for it (next
   * chapter) or was playing another chapter of the same story; otherwise it waits at the
   * listener's last paragraph of this chapter.
   */
  load(chapter: PlayerChapter, { autoplay = false }: { autoplay?: boolean } = {}): void {
    const key = `${chapter.storyId}/${chapter.index}`;
    const previous = this.chapter;
    this.chapter = chapter;
    if (previous && `${previous.storyId}/${previous.index}` === key) return;
    const active = this.state.status === 'playing' || this.state.status === 'loading';
    const continuing = this.pendingAutoplay === key || (active && previous?.storyId === chapter.storyId);
    this.pendingAutoplay = null;
    this.engine?.stop();
    const resume = loadResume(this.deps.store, chapter.storyId);
    const paragraph = resume?.chapter === chapter.index ? Math.min(resume.paragraph, Math.max(0, chapter.paragraphs.length - 1)) : 0;
    this.update({ status: autoplay || continuing ? 'paused' : 'idle', storyId: chapter.storyId, chapterIndex: chapter.index, paragraph, paragraphCount: chapter.paragraphs.length });
    this.deps.media.show(chapter);
    if (autoplay || continuing) void this.play();
  }

  async play(): Promise<void> {
    if (!this.chapter || this.state.status === 'playing' || this.state.status === 'loading') return;
    const from = this.state.status === 'ended' ? 0 : this.state.paragraph;
    this.update({ status: 'loading', notice: null });
    await this.chooseEngine(from);
    // The listener may have paused while the voices loaded.
    if (this.getState().status === 'loading') this.startEngine(from);
  }

  pause(): void {
    if (this.state.status !== 'playing' && this.state.status !== 'loading') return;
    this.engine?.stop();
    this.update({ status: 'paused' });
  }

  toggle(): void {
    if (this.state.status === 'playing' || this.state.status === 'loading') this.pause();
    else void this.play();
  }

  stop(): void {
    this.engine?.stop();
    this.pendingAutoplay = null;
    this.clearSleepTimer();
    this.update({ status: 'idle', sleep: 'off', sleepEndsAt: null });
  }

  /** Moves to a paragraph, playing from it when playing. */
  seek(paragraph: number): void {
    if (!this.chapter) return;
    const target = Math.min(Math.max(0, paragraph), Math.max(0, this.chapter.paragraphs.length - 1));
    if (this.state.status === 'playing' || this.state.status === 'loading') this.startEngine(target);
    else this.onParagraph(target);
  }

  previousParagraph = (): void => this.seek(this.state.paragraph - 1);
  nextParagraph = (): void => this.seek(this.state.paragraph + 1);
  previousChapter = (): void => this.goToChapter(this.chapter?.prev ?? null);
  nextChapter = (): void => this.goToChapter(this.chapter?.next ?? null);

  setRate(rate: number): void {
    const value = clampToRange(rate, RATE);
    this.savePrefs({ rate: value });
    this.update({ rate: value });
    if (this.state.status === 'playing' && !this.engine?.setRate?.(value)) this.startEngine(this.state.paragraph);
  }

  setPitch(pitch: number): void {
    const value = clampToRange(pitch, PITCH);
    this.savePrefs({ pitch: value });
    this.update({ pitch: value });
    if (this.state.status === 'playing' && this.state.mode === 'speech') this.startEngine(this.state.paragraph);
  }

  /**
   * A browser voice URI, null for the browser's default Vietnamese voice, SERVER_VOICE for the
   * server's audio, or serverVoiceOption(id) for one of the server's voices. While the server
   * audio plays, another server voice takes over from the next part without a break.
   */
  setVoice(uri: string | null): void {
    const choice = parseServerChoice(uri);
    this.savePrefs({
      preferServer: choice.server,
      voiceUri: choice.server ? this.prefs.voiceUri : uri,
      serverVoice: choice.server ? choice.voice : this.prefs.serverVoice,
    });
    this.update({ voiceUri: choice.server ? SERVER_VOICE : uri, serverVoice: this.prefs.serverVoice });
    const active = this.state.status === 'playing' || this.state.status === 'loading';
    if (active && choice.server && this.engine?.mode === 'audio' && this.engine.setVoice?.(choice.voice)) return;
    if (active) {
      this.engine?.stop();
      this.update({ status: 'paused' });
      void this.play();
    }
  }

  setAutoNext(autoNext: boolean): void {
    this.savePrefs({ autoNext });
    this.update({ autoNext });
  }

  /** Sleep timer: minutes from now, the end of this chapter, or off. */
  setSleep(choice: SleepChoice): void {
    this.clearSleepTimer();
    let sleepEndsAt: number | null = null;
    if (typeof choice === 'number') {
      const ms = choice * 60_000;
      sleepEndsAt = this.deps.clock.now() + ms;
      this.sleepTimer = this.deps.clock.setTimeout(() => {
        this.sleepTimer = null;
        this.pause();
        this.update({ sleep: 'off', sleepEndsAt: null, notice: NOTICES.sleepDone });
      }, ms);
    }
    this.update({ sleep: choice, sleepEndsAt });
  }

  destroy(): void {
    this.stop();
    this.speechEngine?.destroy();
    this.audioEngine?.destroy();
    this.engine = null;
    this.unsubscribeVoices();
    this.deps.media.unbind();
    this.listeners.clear();
  }

  private goToChapter(index: number | null): void {
    if (!this.chapter || index === null) return;
    const listening = this.state.status !== 'idle' && this.state.status !== 'paused';
    this.engine?.stop();
    this.pendingAutoplay = listening ? `${this.chapter.storyId}/${index}` : null;
    this.update({ status: listening ? 'loading' : 'idle' });
    this.handlers.onNavigate?.(index);
  }

  private startEngine(from: number): void {
    if (!this.chapter || !this.engine) return;
    this.engine.start(this.chapter, from, this.engineSettings());
    this.update({ status: this.engine.mode === 'speech' ? 'playing' : 'loading', paragraph: from });
  }

  private onParagraph(index: number): void {
    const chapter = this.chapter;
    if (!chapter) return;
    this.update({ paragraph: index, status: this.state.status === 'loading' ? 'playing' : this.state.status });
    saveResume(this.deps.store, chapter.storyId, { chapter: chapter.index, paragraph: index, time: this.deps.clock.now() });
    this.handlers.onParagraph?.(index);
  }

  private onChapterEnd(): void {
    const chapter = this.chapter;
    if (!chapter) return;
    const nextPoint = chapter.next === null ? null : { chapter: chapter.next, paragraph: 0, time: this.deps.clock.now() };
    saveResume(this.deps.store, chapter.storyId, nextPoint);
    if (this.state.sleep === 'chapter') {
      this.clearSleepTimer();
      this.update({ status: 'ended', sleep: 'off', sleepEndsAt: null, notice: NOTICES.chapterSleep });
    } else if (this.state.autoNext && chapter.next !== null) {
      this.goToChapter(chapter.next);
    } else {
      this.update({ status: 'ended', notice: NOTICES.chapterDone });
    }
  }

  private onEngineError(kind: 'blocked' | 'unavailable' | 'failed'): void {
    if (kind === 'unavailable' && this.engine?.mode === 'speech') {
      this.useEngine('audio');
      this.update({ notice: NOTICES.noVoice });
      this.startEngine(this.state.paragraph);
      return;
    }
    this.update({ status: 'paused', notice: kind === 'blocked' ? NOTICES.blocked : NOTICES.audioFailed });
  }

  private engineSettings() {
    return { voice: this.selectedVoice(), serverVoice: this.prefs.serverVoice, rate: this.state.rate, pitch: this.state.pitch };
  }

  /** The browser's voice when it has a Vietnamese one and the listener did not choose the server. */
  private async chooseEngine(from: number): Promise<void> {
    const waiting = !this.prefs.preferServer && this.mustWaitForVoices();
    // The server audio's first part is fetched while the browser lists its voices, if any.
    if (waiting && this.chapter) this.audio().prefetch(this.chapter, from, this.engineSettings());
    const voices = this.prefs.preferServer ? [] : await this.vietnameseVoices();
    const mode = voices.length > 0 ? 'speech' : 'audio';
    this.useEngine(mode);
    if (mode === 'audio' && !this.prefs.preferServer) this.update({ notice: NOTICES.noVoice });
  }

  private audio(): AudioEngine {
    this.audioEngine ??= new AudioEngine(this.deps.createAudio, this.deps.partSource, this.events);
    return this.audioEngine;
  }

  private useEngine(mode: 'speech' | 'audio'): void {
    const next: PlaybackEngine =
      mode === 'speech' && this.deps.synth
        ? (this.speechEngine ??= new SpeechEngine(this.deps.synth, this.deps.createUtterance, this.events))
        : this.audio();
    if (this.engine && this.engine !== next) this.engine.stop();
    this.engine = next;
    this.update({ mode: next.mode });
  }

  private mustWaitForVoices(): boolean {
    return !!this.deps.synth && !!this.deps.onVoicesChanged && !this.voicesAbsent && this.deps.synth.getVoices().length === 0;
  }

  /** The Vietnamese voices, waiting briefly for a browser that has listed no voice at all yet. */
  private vietnameseVoices(): Promise<SpeechSynthesisVoice[]> {
    const read = () => this.deps.synth?.getVoices().filter(isVietnamese) ?? [];
    if (!this.mustWaitForVoices()) return Promise.resolve(read());
    return new Promise((resolve) => {
      const finish = () => {
        this.deps.clock.clearTimeout(timer);
        unsubscribe();
        this.voicesAbsent = (this.deps.synth?.getVoices().length ?? 0) === 0;
        this.update({ voices: this.voiceOptions() });
        resolve(read());
      };
      const timer = this.deps.clock.setTimeout(finish, this.deps.voiceWaitMs ?? DEFAULT_VOICE_WAIT_MS);
      const unsubscribe = this.deps.onVoicesChanged!(() => (this.deps.synth?.getVoices().length ?? 0) > 0 && finish());
    });
  }

  private selectedVoice(): SpeechSynthesisVoice | null {
    const voices = this.deps.synth?.getVoices().filter(isVietnamese) ?? [];
    return voices.find((voice) => voice.voiceURI === this.prefs.voiceUri) ?? voices.find((voice) => voice.localService) ?? voices[0] ?? null;
  }

  private voiceOptions(): VoiceOption[] {
    return (this.deps.synth?.getVoices().filter(isVietnamese) ?? []).map((voice) => ({ uri: voice.voiceURI, name: voice.name, lang: voice.lang }));
  }

  private savePrefs(change: Partial<PlayerPrefs>): void {
    this.prefs = { ...this.prefs, ...change };
    savePrefs(this.deps.store, this.prefs);
  }

  private clearSleepTimer(): void {
    if (this.sleepTimer !== null) this.deps.clock.clearTimeout(this.sleepTimer);
    this.sleepTimer = null;
  }

  private update(change: Partial<PlayerState>): void {
    this.state = { ...this.state, ...change };
    if ('status' in change) this.deps.media.status(this.state.status);
    for (const listener of this.listeners) listener();
  }
}
