import { createHash } from 'node:crypto';

/**
 * Tokens already verified by this process, until they expire: a reader sends the same ID token
 * with every request for up to an hour, and checking it again each time (signature, claims; in
 * the emulator a round of work per call) is the largest cost of a signed-in request. Only what
 * the check itself decides is kept; revocation is asked separately, as before. Bounded: the
 * least recently used entries go first. Keys are hashes, so the tokens themselves are not kept.
 */

const MAX_ENTRIES = 20_000;
/** An entry is checked again after this long even if the token lives longer. */
const MAX_AGE_MS = 10 * 60_000;

interface Entry<T> {
  value: T;
  until: number;
}

export class VerifiedTokens<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly maxEntries = MAX_ENTRIES) {}

  private key(token: string): string {
    return createHash('sha256').update(token).digest('base64url');
  }

  get(token: string, now = Date.now()): T | undefined {
    const key = this.key(token);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.until <= now) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps a verified token until `expiresAtS` (the token's `exp`, seconds) or MAX_AGE_MS. */
  set(token: string, value: T, expiresAtS: number, now = Date.now()): void {
    const until = Math.min(expiresAtS * 1000, now + MAX_AGE_MS);
    if (until <= now) return;
    this.entries.set(this.key(token), { value, until });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}
