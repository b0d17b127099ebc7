/**
 * The server's clock as the browser knows it. A chapter sign carries a time that the server
 * accepts only within CHAPTER_SIGN_MAX_AGE_S of its own clock; a reader's device may be minutes
 * or hours off, so the browser signs with the server's time: every answer of POST /book/text
 * carries `serverTime` (seconds), and a sign refused as stale is made again once with it.
 */
export class ServerClock {
  private offsetMs = 0;

  /** The server's time now, in seconds, as best known. */
  nowSeconds(deviceNowMs: number = Date.now()): number {
    return Math.floor((deviceNowMs + this.offsetMs) / 1000);
  }

  /** Learns the offset from an answer's server time, taken halfway through the round trip. */
  learn(serverTimeS: number, sentAtMs: number, receivedAtMs: number): void {
    if (!Number.isFinite(serverTimeS)) return;
    this.offsetMs = serverTimeS * 1000 + 500 - (sentAtMs + receivedAtMs) / 2;
  }
}

/** The page's one clock. */
export const serverClock = new ServerClock();

export type SignedAnswer<T> = { ok: true; value: T; serverTime?: number } | { ok: false; status: number; serverTime?: number; stale?: boolean };

/**
 * Signs with the server's time and sends; an answer refused as stale (the device clock was
 * unknown or drifted) teaches the clock, and the request is signed and sent once more.
 */
export async function sendWithServerTime<T>(
  sign: (timeS: number) => string,
  send: (sign: string) => Promise<SignedAnswer<T>>,
  clock: ServerClock = serverClock,
  deviceNow: () => number = Date.now,
): Promise<SignedAnswer<T>> {
  let answer: SignedAnswer<T> | undefined;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const sentAt = deviceNow();
    answer = await send(sign(clock.nowSeconds(sentAt)));
    if (answer.serverTime !== undefined) clock.learn(answer.serverTime, sentAt, deviceNow());
    if (answer.ok || !answer.stale) return answer;
  }
  return answer!;
}
