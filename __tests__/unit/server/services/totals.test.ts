import { cachedTotal, clearCachedTotals } from '@/server/services/totals';

describe('cachedTotal', () => {
  beforeEach(() => clearCachedTotals());

  it('counts once a minute per key', async () => {
    const count = jest.fn(async () => 42);
    expect(await cachedTotal('a', count, 0)).toBe(42);
    expect(await cachedTotal('a', count, 59_000)).toBe(42);
    expect(count).toHaveBeenCalledTimes(1);
    expect(await cachedTotal('a', count, 61_000)).toBe(42);
    expect(count).toHaveBeenCalledTimes(2);
    await cachedTotal('b', count, 61_000);
    expect(count).toHaveBeenCalledTimes(3);
  });

  it('does not remember a failed count', async () => {
    await expect(cachedTotal('x', async () => Promise.reject(new Error('timeout')), 0)).rejects.toThrow('timeout');
    expect(await cachedTotal('x', async () => 3, 1)).toBe(3);
  });
});
