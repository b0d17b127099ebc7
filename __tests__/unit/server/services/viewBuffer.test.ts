import { ViewBuffer } from '@/server/services/views/buffer';

describe('ViewBuffer', () => {
  it('writes the views of many reads as one batch per story', async () => {
    const batches: Map<number, number>[] = [];
    const buffer = new ViewBuffer(async (counts) => {
      batches.push(new Map(counts));
    });
    for (let i = 0; i < 1_000; i++) buffer.record(7);
    buffer.record(8);
    await buffer.drain();
    expect(batches).toEqual([new Map([[7, 1_000], [8, 1]])]);
    await buffer.drain();
    expect(batches).toHaveLength(1);
  });

  it('keeps the views of a failed write for the next one', async () => {
    let fail = true;
    const written: Map<number, number>[] = [];
    const buffer = new ViewBuffer(async (counts) => {
      if (fail) throw new Error('database down');
      written.push(new Map(counts));
    });
    buffer.record(1, 5);
    await expect(buffer.drain()).rejects.toThrow('database down');
    buffer.record(1, 2);
    fail = false;
    await buffer.drain();
    expect(written).toEqual([new Map([[1, 7]])]);
  });

  it('does not start a second write while one is in flight', async () => {
    let release!: () => void;
    let calls = 0;
    const buffer = new ViewBuffer(() => {
      calls += 1;
      return new Promise<void>((resolve) => (release = resolve));
    });
    buffer.record(1);
    const first = buffer.drain();
    buffer.record(2);
    const second = buffer.drain();
    expect(second).toBe(first);
    release();
    await first;
    expect(calls).toBe(1);
    expect(buffer.size).toBe(1);
  });
});
