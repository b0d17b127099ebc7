import { SERVER_VOICE } from './serverVoices';
import type { PlayerPrefs } from './storage';
import type { PlayerState, VoiceOption } from './types';

/** The state of a player before any chapter: the reader's remembered preferences, nothing playing. */
export function initialState(prefs: PlayerPrefs, voices: VoiceOption[], canSpeak: boolean, phone = false): PlayerState {
  return {
    status: 'idle',
    mode: prefs.preferServer || !canSpeak ? 'audio' : 'speech',
    storyId: null,
    chapterIndex: null,
    paragraph: 0,
    paragraphCount: 0,
    voices,
    voiceUri: prefs.preferServer ? SERVER_VOICE : prefs.voiceUri,
    serverVoice: prefs.serverVoice,
    rate: prefs.rate,
    pitch: prefs.pitch,
    autoNext: prefs.autoNext,
    sleep: 'off',
    sleepEndsAt: null,
    sleepChaptersLeft: null,
    sentencePause: prefs.sentencePause,
    paragraphPause: prefs.paragraphPause,
    backgroundServer: prefs.backgroundServer ?? phone,
    handoff: false,
    notice: null,
  };
}
