import { WorkLimiter, type Claimant } from '@/server/http/workLimiter';

/** The limiter's fairness between readers and addresses, on a fixed clock (jest's fake timers). */

const device = (address: string, id: string): Claimant => ({ reader: `device:${id}`, group: `ip:${address}` });
const account = (uid: string): Claimant => ({ reader: `user:${uid}`, group: `user:${uid}` });

function limiter(options: Partial<ConstructorParameters<typeof WorkLimiter>[0]> = {}) {
  return new WorkLimiter({ concurrency: 1, queue: 100, perReader: 4, addressReaders: 8, maxWaitMs: 10_000, message: 'Bận.', retryAfterSeconds: 3, ...options });
}

/** Work the test finishes by hand; `started` lists who started, in order. */
function harness(queue: WorkLimiter) {
  const started: string[] = [];
  const finishers: (() => void)[] = [];
  const results: Promise<unknown>[] = [];
  const submit = (claimant: Claimant, label: string) => {
    const result = queue.run(
      () =>
        new Promise<void>((resolve) => {
          started.push(label);
          finishers.push(resolve);
        }),
      claimant,
    );
    results.push(result.catch(() => undefined));
    return result;
  };
  const flush = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  const finishOldest = async () => {
    await flush();
    finishers.shift()?.();
    await flush();
  };
  return { started, submit, finishOldest, flush, results };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('fair shares', () => {
  it('lets nobody wait while there is free capacity, whatever address they share', async () => {
    const queue = limiter({ concurrency: 20 });
    const { started, submit, flush } = harness(queue);
    for (let i = 0; i < 20; i++) submit(device('198.51.100.1', `d${i}`), `d${i}`);
    await flush();
    expect(started).toHaveLength(20);
    expect(queue.queued).toBe(0);
  });

  it('serves readers in turn under saturation: one reader cannot exceed its share', async () => {
    const queue = limiter();
    const { started, submit, finishOldest } = harness(queue);
    const busy = device('198.51.100.1', 'busy');
    submit(busy, 'busy-1');
    submit(busy, 'busy-2');
    submit(busy, 'busy-3');
    submit(device('198.51.100.1', 'calm'), 'calm-1');
    submit(account('u1'), 'u1-1');
    for (let i = 0; i < 4; i++) await finishOldest();
    // The busy device's later requests wait behind each other reader's first: in order otherwise.
    expect(started).toEqual(['busy-1', 'calm-1', 'u1-1', 'busy-2', 'busy-3']);
  });

  it('counts an address as at most ADDRESS_READERS readers, however many device ids it presents', async () => {
    const queue = limiter({ concurrency: 3, addressReaders: 1, perReader: 100 });
    const { started, submit, finishOldest } = harness(queue);
    // The address fills the free slots first, then 30 of its devices wait before two accounts.
    for (let i = 0; i < 33; i++) submit(device('192.0.2.1', `m${i}`), 'minted');
    submit(account('a'), 'a');
    submit(account('b'), 'b');
    submit(account('a'), 'a');
    submit(account('b'), 'b');
    for (let i = 0; i < 9; i++) await finishOldest();
    // The address counts as one reader: one turn for it, one for each account, in order.
    expect(started.slice(3)).toEqual(['a', 'b', 'minted', 'a', 'b', 'minted', 'minted', 'minted', 'minted']);
  });

  it('shares the address ceiling among many real readers behind one address', async () => {
    const queue = limiter({ concurrency: 4, addressReaders: 32 });
    const { started, submit, finishOldest } = harness(queue);
    for (let i = 0; i < 4; i++) submit(account(`solo${i}`), `solo${i}`);
    for (let i = 0; i < 20; i++) submit(device('100.64.0.1', `nat${i}`), `nat${i}`);
    submit(account('late'), 'late');
    for (let i = 0; i < 6; i++) await finishOldest();
    // 20 readers behind one NAT count as 20: their first requests are not held behind one late account.
    expect(started.slice(4, 10)).toEqual(['nat0', 'nat1', 'nat2', 'nat3', 'nat4', 'nat5']);
  });

  it('refuses beyond the bounds with 503 and Retry-After: per reader, per address, in all', async () => {
    const queue = limiter({ queue: 10, perReader: 2, addressReaders: 2 });
    const { submit } = harness(queue);
    submit(account('holder'), 'holder');
    const one = device('203.0.113.5', 'one');
    submit(one, 'one');
    submit(one, 'one');
    await expect(submit(one, 'one')).rejects.toMatchObject({ status: 503, retryAfter: 3, message: 'Bận.' });
    submit(device('203.0.113.5', 'two'), 'two');
    submit(device('203.0.113.5', 'three'), 'three');
    // 4 = 2 per reader × 2 readers: a fifth device of the address is refused, another address is not.
    await expect(submit(device('203.0.113.5', 'fifth'), 'fifth')).rejects.toMatchObject({ status: 503 });
    submit(device('203.0.113.6', 'elsewhere'), 'elsewhere');
    for (let i = 0; i < 5; i++) submit(account(`u${i}`), 'u');
    await expect(submit(account('u-last'), 'u')).rejects.toMatchObject({ status: 503 });
    expect(queue.queued).toBe(10);
  });

  it('gives up on a wait longer than maxWaitMs', async () => {
    const queue = limiter({ maxWaitMs: 1_000 });
    const { submit } = harness(queue);
    submit(account('a'), 'a');
    const late = submit(account('b'), 'b');
    jest.advanceTimersByTime(999);
    expect(queue.queued).toBe(1);
    jest.advanceTimersByTime(2);
    await expect(late).rejects.toMatchObject({ status: 503, retryAfter: 3 });
    expect(queue.queued).toBe(0);
  });
});
