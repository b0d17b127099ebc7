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
