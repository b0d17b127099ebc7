import { HttpError } from '@/server/http/errors';
import { WorkLimiter } from '@/server/http/workLimiter';

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

const options = { concurrency: 1, queue: 1, maxWaitMs: 60_000, message: 'Máy chủ đang bận.', retryAfterSeconds: 7 };

describe('WorkLimiter', () => {
  it('runs up to its concurrency, queues a few, and refuses the rest with 503 and Retry-After', async () => {
    const limiter = new WorkLimiter(options);
    const first = deferred();
    const running = limiter.run(() => first.promise);
    const queued = limiter.run(async () => 'second');
    expect([limiter.active, limiter.queued]).toEqual([1, 1]);
    await expect(limiter.run(async () => 'third')).rejects.toMatchObject({ status: 503, retryAfter: 7, message: 'Máy chủ đang bận.' });
    first.release();
    await running;
    await expect(queued).resolves.toBe('second');
    expect([limiter.active, limiter.queued]).toEqual([0, 0]);
  });

  it('gives up on a wait that is too long', async () => {
    jest.useFakeTimers();
    try {
      const limiter = new WorkLimiter({ ...options, maxWaitMs: 1_000 });
      const first = deferred();
      const running = limiter.run(() => first.promise);
      const waiting = limiter.run(async () => 'late');
      jest.advanceTimersByTime(1_001);
      await expect(waiting).rejects.toBeInstanceOf(HttpError);
      expect(limiter.queued).toBe(0);
      first.release();
      await running;
      expect(limiter.active).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('frees its slot when the work fails', async () => {
    const limiter = new WorkLimiter(options);
    await expect(limiter.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run(async () => 'ok')).resolves.toBe('ok');
  });
});
