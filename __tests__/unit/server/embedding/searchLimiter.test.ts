/** @jest-environment node */
import type { Claimant } from '@/server/http/workLimiter';

/**
 * The turns of source searches: first visits (no device cookie yet) each look like a new reader,
 * so their address is what bounds them, as in every other fair queue.
 */
describe('source searches from one address', () => {
  it('take at most ADDRESS_READERS turns, whatever claimants the visits look like', async () => {
    process.env.SOURCE_SEARCH_CONCURRENCY = '1';
    process.env.ADDRESS_READERS = '1';
    const { searchLimiter } = await import('@/server/services/embedding/search');
    const firstVisit = (n: number): Claimant => ({ reader: `first:203.0.113.7:${n}`, group: 'ip:203.0.113.7' });
    let release: () => void = () => undefined;
    const holding = searchLimiter().run(() => new Promise<void>((resolve) => (release = resolve)), firstVisit(1));
    const waiting = searchLimiter().run(async () => 'second', firstVisit(2));
    // The address has its one waiting turn: a third first visit is turned away at once ...
    await expect(searchLimiter().run(async () => 'third', firstVisit(3))).rejects.toMatchObject({ status: 503 });
    // ... and a reader at another address still finds room to wait.
    const other = searchLimiter().run(async () => 'other', { reader: 'device:abc', group: 'ip:198.51.100.2' });
    release();
    await holding;
    await expect(waiting).resolves.toBe('second');
    await expect(other).resolves.toBe('other');
  });
});
