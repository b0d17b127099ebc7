/**
 * The server's Vietnamese voices (espeak-ng variants), offered in the player when it reads with
 * the server's audio. The first is the default unless the server is configured otherwise.
 */
export const SERVER_VOICES = [
  { id: 'vi', name: 'Giọng Bắc' },
  { id: 'vi-vn-x-central', name: 'Giọng Trung' },
  { id: 'vi-vn-x-south', name: 'Giọng Nam' },
] as const;

export type ServerVoiceId = (typeof SERVER_VOICES)[number]['id'];

export function isServerVoice(id: string | null | undefined): id is ServerVoiceId {
  return SERVER_VOICES.some((voice) => voice.id === id);
}

/** The server-audio choice in the voice picker (the server's default voice). */
export const SERVER_VOICE = 'server';
/** A server voice in the voice picker: `server:<espeak-ng variant>`. */
export const serverVoiceOption = (id: string) => `${SERVER_VOICE}:${id}`;

/** What a voice-picker value says: the server's audio (and which of its voices), or a browser voice. */
export function parseServerChoice(uri: string | null): { server: boolean; voice: string | null } {
  if (uri === SERVER_VOICE) return { server: true, voice: null };
  if (uri?.startsWith(`${SERVER_VOICE}:`)) {
    const id = uri.slice(SERVER_VOICE.length + 1);
    return { server: true, voice: isServerVoice(id) ? id : null };
  }
  return { server: false, voice: null };
}
