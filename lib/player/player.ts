import { BrowserVoices } from './browserVoices';
import { Engines } from './engines';
import type { PlayerDeps } from './deps';
import { NOTICES } from './notices';
import { clampPause } from './pauses';
import { compileReplacements, effectiveReplacements, EMPTY_LISTS, type CompiledReplacements, type ReplacementLists } from './replacements';
import { parseServerChoice, SERVER_VOICE } from './serverVoices';
import { SleepTimer } from './sleepTimer';
import { initialState } from './state';
import { clampToRange, loadPrefs, loadResume, savePrefs, saveResume, sleepChapters, type PlayerPrefs } from './storage';
import { PITCH, RATE, type EngineEvents, type PlayerChapter, type PlayerHandlers, type PlayerState, type SleepChoice } from './types';
import { isRemoteVoice } from './voices';

export type { Clock, PlayerDeps } from './deps';

/** The defaults alone, for a story whose lists have not come yet. */
const DEFAULT_RULES = compile(EMPTY_LISTS);

function compile(lists: ReplacementLists): CompiledReplacements {
  const { entries, pause } = effectiveReplacements(lists);
  return compileReplacements(entries, pause);
}
export { NOTICES } from './notices';
export { SERVER_VOICE, serverVoiceOption } from './serverVoices';

/**
 * The listening player: one per page session, driven by its hook and by the Media Session. It
 * owns the state (paragraph, status, preferences, sleep timer) and delegates the sound to an
 * engine: the browser's speech synthesis with the device's best Vietnamese voice (or the
 * reader's), or the server's audio where there is no Vietnamese voice.
 */
export class Player {
  private state: PlayerState;
  private readonly listeners = new Set<() => void>();
  private chapter: PlayerChapter | null = null;
  private readonly engines: Engines;
  private readonly voices: BrowserVoices;
  /** A remote voice failed (offline, or its service did not answer): local voices only from then on. */
  private remoteFailed = false;
  private handlers: PlayerHandlers = {};
  private pendingAutoplay: string | null = null;
  private readonly sleepTimer: SleepTimer;
  private prefs: PlayerPrefs;
  private readonly unsubscribeVoices: () => void;
  private readonly unsubscribeVisibility: () => void;
  /** The reader's replacements for the story being heard, compiled; loading while `rulesLoading`. */
  private rules: { storyId: string; compiled: CompiledReplacements } | null = null;
  private rulesLoading: Promise<void> | null = null;
  private readonly events: EngineEvents = {
    paragraph: (index) => this.onParagraph(index),
    end: () => this.onChapterEnd(),
    error: (kind) => this.onEngineError(kind),
  };

  constructor(private readonly deps: PlayerDeps) {
    this.prefs = loadPrefs(deps.store);
    this.voices = new BrowserVoices(deps);
    this.sleepTimer = new SleepTimer(deps.clock);
    this.engines = new Engines(deps, this.events);
    this.state = initialState(this.prefs, this.voices.options(), !!deps.synth, deps.phone);
    this.unsubscribeVoices = this.voices.subscribe(() => this.update({ voices: this.voices.options() }));
    this.unsubscribeVisibility = deps.visibility?.subscribe(() => this.onVisibilityChange()) ?? (() => undefined);
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
    if (previous && `${previous.storyId}/${previous.index}` === key) {
      if (previous.paragraphs !== chapter.paragraphs) this.textChanged(previous.paragraphs);
      return;
    }
    const active = this.state.status === 'playing' || this.state.status === 'loading';
    const continuing = this.pendingAutoplay === key || (active && previous?.storyId === chapter.storyId);
    this.pendingAutoplay = null;
    // The server's audio may be playing this chapter's heading already (continued at the last one's end).
    if (!this.engines.current?.continuesInto?.(chapter)) this.engines.current?.stop();
    const resume = loadResume(this.deps.store, chapter.storyId);
    const paragraph = resume?.chapter === chapter.index ? Math.min(resume.paragraph, Math.max(0, chapter.paragraphs.length - 1)) : 0;
    this.update({ status: autoplay || continuing ? 'paused' : 'idle', storyId: chapter.storyId, chapterIndex: chapter.index, paragraph, paragraphCount: chapter.paragraphs.length });
    this.loadRules(chapter.storyId);
    this.showMedia();
    if (autoplay || continuing) void this.play();
  }

  async play(): Promise<void> {
    if (!this.chapter || this.state.status === 'playing' || this.state.status === 'loading') return;
    const from = this.state.status === 'ended' ? 0 : this.state.paragraph;
    this.update({ status: 'loading', notice: null });
    await Promise.all([this.chooseEngine(from), this.rulesLoading]);
    // The listener may have paused while the voices loaded.
    if (this.getState().status === 'loading') this.startEngine(from);
  }

  pause(): void {
    if (this.state.status !== 'playing' && this.state.status !== 'loading') return;
    this.engines.current?.stop();
    this.update({ status: 'paused' });
  }

  toggle(): void {
    if (this.state.status === 'playing' || this.state.status === 'loading') this.pause();
    else void this.play();
  }

  stop(): void {
    this.engines.current?.stop();
    this.pendingAutoplay = null;
    this.sleepTimer.clear();
    this.update({ status: 'idle', sleep: 'off', sleepEndsAt: null, sleepChaptersLeft: null, handoff: false });
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
    if (this.state.status === 'playing' && !this.engines.current?.setRate?.(value)) this.startEngine(this.state.paragraph);
  }

  setPitch(pitch: number): void {
    const value = clampToRange(pitch, PITCH);
    this.savePrefs({ pitch: value });
    this.update({ pitch: value });
    if (this.state.status === 'playing' && this.state.mode === 'speech') this.startEngine(this.state.paragraph);
  }

  /**
   * A browser voice URI, null for the device's best Vietnamese voice, SERVER_VOICE for the
   * server's audio, or serverVoiceOption(id) for one of the server's voices. While the server
   * audio plays, another server voice takes over from the next part without a break.
   */
  setVoice(uri: string | null): void {
    const choice = parseServerChoice(uri);
    this.remoteFailed = false;
    if (this.state.handoff) this.update({ handoff: false });
    this.savePrefs({
      preferServer: choice.server,
      voiceUri: choice.server ? this.prefs.voiceUri : uri,
      serverVoice: choice.server ? choice.voice : this.prefs.serverVoice,
    });
    this.update({ voiceUri: choice.server ? SERVER_VOICE : uri, serverVoice: this.prefs.serverVoice });
    const active = this.state.status === 'playing' || this.state.status === 'loading';
    if (active && choice.server && this.engines.current?.mode === 'audio' && this.engines.current.setVoice?.(choice.voice)) return;
    if (active) {
      this.engines.current?.stop();
      this.update({ status: 'paused' });
      void this.play();
    }
  }

  setAutoNext(autoNext: boolean): void {
    this.savePrefs({ autoNext });
    this.update({ autoNext });
  }

  /** Sleep timer: minutes from now, the end of this chapter or of the Nth chapter from it, or off. */
  setSleep(choice: SleepChoice): void {
    this.sleepTimer.clear();
    const sleepEndsAt =
      typeof choice === 'number'
        ? this.sleepTimer.start(choice, () => {
            this.pause();
            this.update({ sleep: 'off', sleepEndsAt: null, notice: NOTICES.sleepDone });
            this.showMedia();
          })
        : null;
    this.update({ sleep: choice, sleepEndsAt, sleepChaptersLeft: sleepChapters(choice) });
    this.showMedia();
  }

  /** Seconds of rest after each sentence or paragraph (0–2), for both voices; applies from where the reading is. */
  setPauses(change: { sentence?: number; paragraph?: number }): void {
    const sentencePause = change.sentence === undefined ? this.state.sentencePause : clampPause(change.sentence);
    const paragraphPause = change.paragraph === undefined ? this.state.paragraphPause : clampPause(change.paragraph);
    this.savePrefs({ sentencePause, paragraphPause });
    this.update({ sentencePause, paragraphPause });
    if (this.state.status === 'playing') this.startEngine(this.state.paragraph);
  }

  /** "Khi tắt màn hình: tiếp tục bằng giọng máy chủ". */
  setBackgroundServer(on: boolean): void {
    this.savePrefs({ backgroundServer: on });
    this.update({ backgroundServer: on });
  }

  /** The reader's replacement lists changed (saved in the panel): said from the paragraph being read on. */
  setReplacements(storyId: string, lists: ReplacementLists): void {
    this.rules = { storyId, compiled: compile(lists) };
    this.rulesLoading = null;
    if (this.chapter?.storyId === storyId && this.state.status === 'playing') this.startEngine(this.state.paragraph);
  }

  /** Back from the server's audio to the browser's voice, at the paragraph being heard. */
  useBrowserVoice(): void {
    if (!this.state.handoff) return;
    const active = this.state.status === 'playing' || this.state.status === 'loading';
    this.update({ handoff: false });
    this.useEngine('speech');
    if (active) this.startEngine(this.state.paragraph);
  }

  destroy(): void {
    this.stop();
    this.engines.destroy();
    this.unsubscribeVoices();
    this.unsubscribeVisibility();
    this.deps.media.unbind();
    this.listeners.clear();
  }

  private goToChapter(index: number | null, { continueSound = false }: { continueSound?: boolean } = {}): void {
    if (!this.chapter || index === null) return;
    const listening = this.state.status !== 'idle' && this.state.status !== 'paused';
    // At a chapter's end on the server's audio, the next heading plays while the page opens the chapter.
    if (!(continueSound && this.engines.current?.continueIntoNext?.())) this.engines.current?.stop();
    this.pendingAutoplay = listening ? `${this.chapter.storyId}/${index}` : null;
    this.update({ status: listening ? 'loading' : 'idle' });
    this.handlers.onNavigate?.(index);
  }

  /**
   * The chapter's text changed in place (the reader fixed a word): the browser's voice says the
   * new text from the paragraph being read on. The server's audio is made from the story's text and
   * goes on as it is.
   */
  private textChanged(before: readonly string[]): void {
    const chapter = this.chapter!;
    if (chapter.paragraphs.length !== before.length) this.update({ paragraphCount: chapter.paragraphs.length });
    const engine = this.engines.current;
    const active = this.state.status === 'playing' || this.state.status === 'loading';
    if (!active || engine?.mode !== 'speech' || engine.refresh?.(chapter)) return;
    this.startEngine(Math.min(this.state.paragraph, Math.max(0, chapter.paragraphs.length - 1)));
  }

  private startEngine(from: number): void {
    const engine = this.engines.current;
    if (!this.chapter || !engine) return;
    engine.start(this.chapter, from, this.engineSettings());
    this.update({ status: engine.mode === 'speech' ? 'playing' : 'loading', paragraph: from });
  }

  private onParagraph(index: number): void {
    const chapter = this.chapter;
    if (!chapter) return;
    this.update({ paragraph: index, status: this.state.status === 'loading' ? 'playing' : this.state.status });
    saveResume(this.deps.store, chapter.storyId, { chapter: chapter.index, paragraph: index, time: this.deps.clock.now() });
    this.handlers.onParagraph?.(index);
    if (this.state.sleepEndsAt !== null) this.showMedia();
    // The server's audio of what is being said is kept ready, so a locked screen goes on at once.
    if (this.state.backgroundServer && this.state.mode === 'speech' && this.state.status === 'playing') this.engines.audio().prefetch(chapter, index, this.engineSettings());
  }

  /**
   * The page was hidden (screen locked, another app): browsers stop their speech there, so the
   * server's audio goes on from the paragraph being said, and stays until the chapter ends or the
   * listener goes back to the browser's voice.
   */
  private onVisibilityChange(): void {
    const hidden = this.deps.visibility?.hidden() ?? false;
    if (!hidden || !this.chapter || !this.state.backgroundServer || this.state.mode !== 'speech') return;
    if (this.state.status !== 'playing' && this.state.status !== 'loading') return;
    const from = this.state.paragraph;
    this.useEngine('audio');
    this.update({ handoff: true, notice: NOTICES.handoff });
    this.startEngine(from);
  }

  /** Lock-screen metadata: the chapter, and what the sleep timer has left. */
  private showMedia(): void {
    if (!this.chapter) return;
    const { sleepEndsAt, sleepChaptersLeft } = this.state;
    let sleep: string | null = null;
    if (sleepChaptersLeft !== null) sleep = sleepChaptersLeft <= 1 ? 'dừng ở cuối chương' : `còn ${sleepChaptersLeft} chương`;
    else if (sleepEndsAt !== null) sleep = `tắt sau ${Math.max(1, Math.ceil((sleepEndsAt - this.deps.clock.now()) / 60_000))} phút`;
    this.deps.media.show(this.chapter, sleep);
  }

  private loadRules(storyId: string): void {
    if (this.rules?.storyId === storyId || !this.deps.replacements) return;
    const loading = this.deps.replacements
      .load(storyId)
      .catch(() => EMPTY_LISTS)
      .then((lists) => {
        if (this.rulesLoading !== loading) return;
        this.rules = { storyId, compiled: compile(lists) };
        this.rulesLoading = null;
      });
    this.rulesLoading = loading;
  }

  private onChapterEnd(): void {
    const chapter = this.chapter;
    if (!chapter) return;
    const nextPoint = chapter.next === null ? null : { chapter: chapter.next, paragraph: 0, time: this.deps.clock.now() };
    saveResume(this.deps.store, chapter.storyId, nextPoint);
    // The page is shown again: the next chapter is read by the browser's voice.
    const backToVoice = this.state.handoff && !(this.deps.visibility?.hidden() ?? false);
    if (backToVoice) this.update({ handoff: false });
    const continueSound = this.state.mode === 'audio' && !backToVoice && (this.state.handoff || this.prefs.preferServer || this.voices.options().length === 0);
    const left = this.state.sleepChaptersLeft;
    if (left !== null && left <= 1) {
      this.sleepTimer.clear();
      this.update({ status: 'ended', sleep: 'off', sleepEndsAt: null, sleepChaptersLeft: null, handoff: false, notice: NOTICES.chapterSleep });
      this.showMedia();
    } else if (left !== null && chapter.next !== null) {
      this.update({ sleepChaptersLeft: left - 1 });
      this.goToChapter(chapter.next, { continueSound });
    } else if (this.state.autoNext && chapter.next !== null) {
      this.goToChapter(chapter.next, { continueSound });
    } else {
      this.update({ status: 'ended', notice: NOTICES.chapterDone });
    }
  }

  private onEngineError(kind: 'blocked' | 'unavailable' | 'failed'): void {
    if (kind === 'unavailable' && this.engines.current?.mode === 'speech') {
      if (this.fallBackToLocalVoice()) return;
      this.useEngine('audio');
      this.update({ notice: NOTICES.noVoice });
      this.startEngine(this.state.paragraph);
      return;
    }
    this.update({ status: 'paused', notice: kind === 'blocked' ? NOTICES.blocked : NOTICES.audioFailed });
  }

  /** A remote voice that fails gives way to the device's own best voice, where it has one. */
  private fallBackToLocalVoice(): boolean {
    if (this.remoteFailed || !isRemoteVoice(this.selectedVoice()) || !this.voices.pick(this.prefs.voiceUri, true)) return false;
    this.remoteFailed = true;
    this.update({ notice: NOTICES.remoteVoiceFailed });
    this.startEngine(this.state.paragraph);
    return true;
  }

  private engineSettings() {
    const replacements = this.rules && this.rules.storyId === this.chapter?.storyId ? this.rules.compiled : DEFAULT_RULES;
    const pauses = { sentence: this.state.sentencePause, paragraph: this.state.paragraphPause };
    return { voice: this.selectedVoice(), serverVoice: this.prefs.serverVoice, rate: this.state.rate, pitch: this.state.pitch, pauses, replacements };
  }

  /** The browser's voice when it has a Vietnamese one and the listener did not choose the server. */
  private async chooseEngine(from: number): Promise<void> {
    // The server's audio that took over while the page was hidden goes on into the next chapter while it still is.
    if (this.state.handoff) {
      this.useEngine('audio');
      return;
    }
    const waiting = !this.prefs.preferServer && this.voices.mustWait();
    // The server audio's first part is fetched while the browser lists its voices, if any.
    if (waiting && this.chapter) this.engines.audio().prefetch(this.chapter, from, this.engineSettings());
    const voices = this.prefs.preferServer ? [] : await this.voices.vietnamese();
    if (waiting) this.update({ voices: this.voices.options() });
    const mode = voices.length > 0 ? 'speech' : 'audio';
    this.useEngine(mode);
    if (mode === 'audio' && !this.prefs.preferServer) this.update({ notice: NOTICES.noVoice });
  }

  private useEngine(mode: 'speech' | 'audio'): void {
    this.update({ mode: this.engines.use(mode).mode });
  }

  private selectedVoice(): SpeechSynthesisVoice | null {
    return this.voices.pick(this.prefs.voiceUri, this.remoteFailed);
  }

  private savePrefs(change: Partial<PlayerPrefs>): void {
    this.prefs = { ...this.prefs, ...change };
    savePrefs(this.deps.store, this.prefs);
  }

  private update(change: Partial<PlayerState>): void {
    this.state = { ...this.state, ...change };
    if ('status' in change) this.deps.media.status(this.state.status);
    for (const listener of this.listeners) listener();
  }
}
