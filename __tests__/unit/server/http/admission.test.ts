/** @jest-environment node */
import { HttpError } from '@/server/http/errors';
import { createAdmission, OVERLOADED } from '@/server/http/admission';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('API admission', () => {
  it('runs as many requests at once as allowed and starts the others in arrival order', async () => {
    const admission = createAdmission({ concurrency: 2, queue: 10, maxWaitMs: 5_000 });
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const requests = gates.map((gate, i) =>
      admission.admitted(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(admission.state()).toEqual({ active: 2, waiting: 2, limit: 2 });
    gates[1].resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0].resolve();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    gates[2].resolve();
    gates[3].resolve();
    expect(await Promise.all(requests)).toEqual([0, 1, 2, 3]);
    expect(admission.state()).toEqual({ active: 0, waiting: 0, limit: 2 });
  });

  it('answers 503 with Retry-After when the queue is full, without running the work', async () => {
    const admission = createAdmission({ concurrency: 1, queue: 1, maxWaitMs: 5_000 });
    const gate = deferred();
    const running = admission.admitted(() => gate.promise);
    const waiting = admission.admitted(async () => 'second');
    const work = jest.fn(async () => 'third');
    const refused = admission.admitted(work);
    await expect(refused).rejects.toMatchObject({ status: 503, message: OVERLOADED });
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused.catch((error: HttpError) => error.retryAfter)).resolves.toBeGreaterThan(0);
    expect(work).not.toHaveBeenCalled();
    gate.resolve();
    await running;
    expect(await waiting).toBe('second');
  });

  it('answers 503 to a request that waited too long', async () => {
    jest.useFakeTimers();
    try {
      const admission = createAdmission({ concurrency: 1, queue: 5, maxWaitMs: 3_000 });
      const gate = deferred();
      const running = admission.admitted(() => gate.promise);
      const late = admission.admitted(async () => 'late');
      jest.advanceTimersByTime(3_001);
      await expect(late).rejects.toMatchObject({ status: 503 });
      expect(admission.state().waiting).toBe(0);
      gate.resolve();
      await running;
    } finally {
      jest.useRealTimers();
    }
  });

  it('gives the turn back while a request waits on a source site, and takes one again after', async () => {
    const admission = createAdmission({ concurrency: 1, queue: 5, maxWaitMs: 5_000 });
    const fetched = deferred();
    const order: string[] = [];
    const slow = admission.admitted(async () => {
      order.push('slow starts');
      await admission.outsideTurn(async () => {
        await fetched.promise;
        order.push('source answered');
      });
      order.push('slow ends');
    });
    await tick();
    const quick = admission.admitted(async () => void order.push('quick runs'));
    await quick;
    expect(order).toEqual(['slow starts', 'quick runs']);
    fetched.resolve();
    await slow;
    expect(order).toEqual(['slow starts', 'quick runs', 'source answered', 'slow ends']);
    expect(admission.state()).toEqual({ active: 0, waiting: 0, limit: 1 });
  });

  it('just runs work outside an admitted request', async () => {
    const admission = createAdmission({ concurrency: 1, queue: 0, maxWaitMs: 100 });
    expect(await admission.outsideTurn(async () => 'done')).toBe('done');
    expect(admission.state().active).toBe(0);
  });

  it('frees the turn when the work throws', async () => {
    const admission = createAdmission({ concurrency: 1, queue: 0, maxWaitMs: 100 });
    await expect(admission.admitted(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await admission.admitted(async () => 'next')).toBe('next');
  });
});
