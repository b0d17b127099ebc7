import { sendWithServerTime, ServerClock, type SignedAnswer } from '@/lib/chapterClock';

const MAX_AGE = 300;

/** A server whose clock is `serverOffsetS` ahead of the device, refusing stale times as the API does. */
function server(serverOffsetS: number, deviceNow: () => number) {
  const seen: number[] = [];
  const send = async (sign: string): Promise<SignedAnswer<string>> => {
    const time = Number(sign);
    seen.push(time);
    const serverTime = Math.floor(deviceNow() / 1000) + serverOffsetS;
    if (Math.abs(serverTime - time) > MAX_AGE) return { ok: false, status: 400, stale: true, serverTime };
    return { ok: true, value: 'text', serverTime };
  };
  return { send, seen };
}

describe('sendWithServerTime', () => {
  const device = () => 1_800_000_000_000;

  it.each([0, 600, -600, 36_000, -36_000])('reads with a device clock %i s off, retrying at most once', async (offset) => {
    const clock = new ServerClock();
    const { send, seen } = server(offset, device);
    const answer = await sendWithServerTime((time) => String(time), send, clock, device);
    expect(answer.ok).toBe(true);
    expect(seen.length).toBe(Math.abs(offset) > MAX_AGE ? 2 : 1);
    // Once learned, the next chapter is signed right the first time.
    const next = server(offset, device);
    await sendWithServerTime((time) => String(time), next.send, clock, device);
    expect(next.seen).toHaveLength(1);
  });

  it('does not retry a refusal that is not about time', async () => {
    let calls = 0;
    const answer = await sendWithServerTime(
      () => 'x',
      async () => {
        calls += 1;
        return { ok: false, status: 403 };
      },
      new ServerClock(),
      device,
    );
    expect(answer).toEqual({ ok: false, status: 403 });
    expect(calls).toBe(1);
  });
});
