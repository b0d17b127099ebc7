import { HttpError } from '@/server/http/errors';
import { SynthQueue } from '@/server/tts/queue';

function gate() {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SynthQueue', () => {
  it('runs a fixed number at once, then what a listener waits for before prefetching, each reader in turn', async () => {
    const queue = new SynthQueue({ concurrency: 1, maxQueued: 10, perReader: 5, maxWaitMs: 10_000, retryAfterSeconds: 10 });
    const order: string[] = [];
    const first = gate();
    const running = queue.run('a', 'now', async () => {
      order.push('a0');
      await first.promise;
    });
    const jobs = [
      queue.run('a', 'prefetch', async () => void order.push('a-prefetch')),
      queue.run('a', 'now', async () => void order.push('a1')),
      queue.run('b', 'now', async () => void order.push('b0')),
      queue.run('c', 'prefetch', async () => void order.push('c-prefetch')),
    ];
    expect(queue.stats()).toMatchObject({ running: 1, queued: 4 });
    first.open();
    await Promise.all([running, ...jobs]);
    // "now" before "prefetch"; a has had its turn (a0), so b's first goes before a's second, and
    // c's first prefetch before a's second.
    expect(order).toEqual(['a0', 'b0', 'a1', 'c-prefetch', 'a-prefetch']);
  });

  it('prefers a reader with nothing running over one already being served', async () => {
    const queue = new SynthQueue({ concurrency: 2, maxQueued: 10, perReader: 5, maxWaitMs: 10_000, retryAfterSeconds: 10 });
    const order: string[] = [];
    const long = gate();
    const short = gate();
    const a0 = queue.run('a', 'now', () => long.promise);
    const a1 = queue.run('a', 'now', () => short.promise);
    const a2 = queue.run('a', 'now', async () => void order.push('a2'));
    const b0 = queue.run('b', 'now', async () => void order.push('b0'));
    short.open();
    await a1;
    await tick();
    // a still has a render running, b has none: b goes first although a2 is older.
    expect(order[0]).toBe('b0');
    long.open();
    await Promise.all([a0, a2, b0]);
    expect(order).toEqual(['b0', 'a2']);
  });

  it('refuses with 503 and Retry-After beyond its bounds, per reader and in all, prefetch first', async () => {
    const queue = new SynthQueue({ concurrency: 1, maxQueued: 4, perReader: 2, maxWaitMs: 10_000, retryAfterSeconds: 7 });
    const hold = gate();
    const running = queue.run('a', 'now', () => hold.promise);
    const waiting = [queue.run('a', 'now', async () => undefined), queue.run('a', 'now', async () => undefined)];
    await expect(queue.run('a', 'now', async () => undefined)).rejects.toMatchObject({ status: 503, retryAfter: 7 });
    waiting.push(queue.run('b', 'now', async () => undefined));
    // Half full: a prefetch is refused, a listener waiting for sound still gets in.
    await expect(queue.run('c', 'prefetch', async () => undefined)).rejects.toBeInstanceOf(HttpError);
    waiting.push(queue.run('c', 'now', async () => undefined));
    await expect(queue.run('d', 'now', async () => undefined)).rejects.toMatchObject({ status: 503 });
    expect(queue.stats().refused).toBe(3);
    hold.open();
    await Promise.all([running, ...waiting]);
    expect(queue.stats()).toMatchObject({ running: 0, queued: 0 });
  });

  it('gives up on a wait that lasts too long', async () => {
    jest.useFakeTimers();
    try {
      const queue = new SynthQueue({ concurrency: 1, maxQueued: 4, perReader: 4, maxWaitMs: 1_000, retryAfterSeconds: 5 });
      const hold = gate();
      const running = queue.run('a', 'now', () => hold.promise);
      const late = queue.run('b', 'now', async () => undefined);
      jest.advanceTimersByTime(1_001);
      await expect(late).rejects.toMatchObject({ status: 503, retryAfter: 5 });
      hold.open();
      await running;
    } finally {
      jest.useRealTimers();
    }
  });
});
