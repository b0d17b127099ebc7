import type { VoiceOption } from './types';

/**
 * Which of the browser's voices reads Vietnamese best. Browsers list their voices in no useful
 * order: Edge lists the compact "Microsoft An" before the natural "HoaiMy Online (Natural)" and
 * "NamMinh Online (Natural)", Safari the compact "Linh" before an enhanced one the reader
 * downloaded. Until the reader chooses, the player takes the first voice of this ranking.
 */

/** The parts of SpeechSynthesisVoice the ranking reads. */
export type VoiceLike = Pick<SpeechSynthesisVoice, 'name' | 'lang' | 'voiceURI' | 'localService' | 'default'>;

/** Vietnamese by its language tag: vi, vi-VN, vi_VN (older Android Chrome). */
export function isVietnamese(voice: Pick<VoiceLike, 'lang'>): boolean {
  return /^vi(?:[-_]|$)/i.test(voice.lang.trim());
}

/** Neural voices of the vendors: Edge's "(Natural)", Apple's premium and "Siri" voices, Google's WaveNet. */
const NEURAL = /\b(?:natural|neural|premium|wavenet|siri)\b/i;
/** Better than a system's compact voice: online voices, Apple's enhanced ones, Google's. */
const GOOD = /\b(?:online|enhanced|google)\b/i;
/** Apple's smallest voices say so in their URI. */
const COMPACT = /\bcompact\b|\.compact\./i;

/** A voice's quality: higher is better. */
export function voiceQuality(voice: VoiceLike): number {
  const text = `${voice.name} ${voice.voiceURI}`;
  let score = 0;
  if (NEURAL.test(text)) score += 4;
  if (GOOD.test(text)) score += 2;
  if (!voice.localService) score += 1;
  if (COMPACT.test(text)) score -= 1;
  return score;
}

/** Exactly vi-VN (or vi) before a regional or odd tag. */
function languageRank(voice: VoiceLike): number {
  if (!isVietnamese(voice)) return 2;
  return /^vi(?:[-_]vn)?$/i.test(voice.lang.trim()) ? 0 : 1;
}

/**
 * The voices best first: Vietnamese ones first, then by quality, then the browser's default, then
 * in the browser's own order.
 */
export function rankVoices<T extends VoiceLike>(voices: readonly T[]): T[] {
  return voices
    .map((voice, index) => ({ voice, index }))
    .sort(
      (a, b) =>
        languageRank(a.voice) - languageRank(b.voice) ||
        voiceQuality(b.voice) - voiceQuality(a.voice) ||
        Number(b.voice.default) - Number(a.voice.default) ||
        a.index - b.index,
    )
    .map(({ voice }) => voice);
}

/** The Vietnamese voices, best first. */
export function vietnameseVoices<T extends VoiceLike>(voices: readonly T[]): T[] {
  return rankVoices(voices.filter(isVietnamese));
}

/**
 * The voice to read with: the reader's choice when the browser still has it, else the best
 * Vietnamese voice. `localOnly` passes over remote voices (one failed, or the device is offline).
 */
export function pickVoice<T extends VoiceLike>(voices: readonly T[], chosenUri: string | null, { localOnly = false } = {}): T | null {
  const usable = vietnameseVoices(voices).filter((voice) => !localOnly || voice.localService);
  return usable.find((voice) => voice.voiceURI === chosenUri) ?? usable[0] ?? null;
}

/** The voice picker's entries, best first. */
export function voiceOptions(voices: readonly VoiceLike[]): VoiceOption[] {
  return vietnameseVoices(voices).map((voice) => ({ uri: voice.voiceURI, name: voice.name, lang: voice.lang }));
}

/** A voice the browser reads over the network (Chrome and Edge stop those after some 15 s of one utterance). */
export const isRemoteVoice = (voice: Pick<VoiceLike, 'localService'> | null): boolean => voice !== null && voice.localService === false;
