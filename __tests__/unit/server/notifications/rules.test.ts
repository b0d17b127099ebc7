/** @jest-environment node */
import { isAllowedEndpoint } from '@/server/services/notifications/endpoint';
import {
  batchChapters,
  classifyPushResponse,
  inQuietHours,
  MAX_PUSH_PAYLOAD_BYTES,
  nextAttemptAt,
  notificationText,
  PUSH_MAX_ATTEMPTS,
  pushDecision,
  pushPayloadJson,
  vietnamMinuteOfDay,
  type PushCircumstances,
} from '@/server/services/notifications/rules';

/** 2026-11-26 at `hh:mm` Vietnam time (UTC+7), as a fixed clock. */
const vn = (hh: number, mm = 0) => Date.UTC(2026, 10, 26, hh - 7, mm);
const HOUR = 3_600_000;

describe('batching', () => {
  it('makes one entry however many chapters arrived, from the first new chapter', () => {
    const batch = batchChapters([
      { index: 12, title: 'Chương 12: Trở về' },
      { index: 11, title: 'Chương 11: Lên núi' },
      { index: 13, title: 'Chương 13' },
    ]);
    expect(batch).toEqual({ fromChapter: 11, toChapter: 13, chapterTitle: 'Chương 11: Lên núi' });
    expect(notificationText('Kiếm Lai', batch!)).toEqual({ title: 'Truyện Kiếm Lai có chương mới', body: 'Chương 11 – Lên núi (và 2 chương nữa)' });
  });

  it('says a single chapter plainly, and no entry when nothing arrived', () => {
    const batch = batchChapters([{ index: 5, title: 'Chương 5' }])!;
    expect(notificationText('Đấu Phá', batch)).toEqual({ title: 'Truyện Đấu Phá có chương mới', body: 'Chương 5' });
    expect(batchChapters([])).toBeNull();
  });

  it('keeps a push payload within the size bound with very long titles', () => {
    const text = notificationText('Tựa '.repeat(500), { fromChapter: 1, toChapter: 1, chapterTitle: 'Dài '.repeat(800) });
    const json = pushPayloadJson({ ...text, url: '/truyen-dai/chuong-1', tag: 'story-1', notificationId: '1' });
    expect(Buffer.byteLength(json)).toBeLessThanOrEqual(MAX_PUSH_PAYLOAD_BYTES);
    expect(JSON.parse(json).url).toBe('/truyen-dai/chuong-1');
  });
});

describe('quiet hours (Vietnam time)', () => {
  it('reads the clock in UTC+7', () => {
    expect(vietnamMinuteOfDay(vn(22, 30))).toBe(22 * 60 + 30);
    expect(vietnamMinuteOfDay(Date.UTC(2026, 10, 26, 17, 0))).toBe(0);
  });

  it('spans midnight by default (22:00–07:00)', () => {
    expect(inQuietHours(vn(21, 59), 1320, 420)).toBe(false);
    expect(inQuietHours(vn(22, 0), 1320, 420)).toBe(true);
    expect(inQuietHours(vn(3, 0), 1320, 420)).toBe(true);
    expect(inQuietHours(vn(6, 59), 1320, 420)).toBe(true);
    expect(inQuietHours(vn(7, 0), 1320, 420)).toBe(false);
  });

  it('takes a daytime range and none when start equals end', () => {
    expect(inQuietHours(vn(13, 0), 12 * 60, 14 * 60)).toBe(true);
    expect(inQuietHours(vn(14, 0), 12 * 60, 14 * 60)).toBe(false);
    expect(inQuietHours(vn(3, 0), 0, 0)).toBe(false);
  });
});

describe('who is pushed', () => {
  const base: PushCircumstances = { now: vn(12), pushEnabled: true, optedIn: true, quietStart: 1320, quietEnd: 420, lastPushAt: null, devices: 1 };

  it('pushes a reader who opted in, outside quiet hours', () => {
    expect(pushDecision(base)).toBe('push');
  });

  it('keeps the entry in the centre only when push is off, not opted in or without a device', () => {
    expect(pushDecision({ ...base, pushEnabled: false })).toBe('off');
    expect(pushDecision({ ...base, optedIn: false })).toBe('not-opted-in');
    expect(pushDecision({ ...base, devices: 0 })).toBe('no-device');
  });

  it('does not push in quiet hours', () => {
    expect(pushDecision({ ...base, now: vn(23, 15) })).toBe('quiet');
  });

  it('pushes at most once per story per hour', () => {
    expect(pushDecision({ ...base, lastPushAt: base.now - HOUR + 60_000 })).toBe('capped');
    expect(pushDecision({ ...base, lastPushAt: base.now - HOUR })).toBe('push');
  });
});

describe('retries', () => {
  it('waits longer after each failed attempt, then gives up', () => {
    const now = vn(12);
    const waits = [1, 2, 3, 4].map((attempt) => nextAttemptAt(now, attempt)! - now);
    expect(waits).toEqual([60_000, 300_000, 1_800_000, 7_200_000]);
    expect(nextAttemptAt(now, PUSH_MAX_ATTEMPTS)).toBeNull();
  });

  it("honours the push service's Retry-After, within six hours", () => {
    const now = vn(12);
    expect(nextAttemptAt(now, 1, 600_000)! - now).toBe(600_000);
    expect(nextAttemptAt(now, 1, 48 * HOUR)! - now).toBe(6 * HOUR);
  });

  it('removes subscriptions the push service forgot, retries passing failures', () => {
    expect(classifyPushResponse(201)).toEqual({ kind: 'sent' });
    expect(classifyPushResponse(410)).toEqual({ kind: 'gone' });
    expect(classifyPushResponse(404)).toEqual({ kind: 'gone' });
    expect(classifyPushResponse(429, '120')).toEqual({ kind: 'retry', retryAfterMs: 120_000, error: 'HTTP 429' });
    expect(classifyPushResponse(503).kind).toBe('retry');
    expect(classifyPushResponse(413).kind).toBe('failed');
  });
});

describe('push endpoints', () => {
  it('accepts the browsers’ push services over https only', () => {
    expect(isAllowedEndpoint('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(true);
    expect(isAllowedEndpoint('https://updates.push.services.mozilla.com/wpush/v2/abc', false)).toBe(true);
    expect(isAllowedEndpoint('https://web.push.apple.com/QGx', false)).toBe(true);
    expect(isAllowedEndpoint('http://fcm.googleapis.com/fcm/send/abc', false)).toBe(false);
    expect(isAllowedEndpoint('https://fcm.googleapis.com.evil.example/x', false)).toBe(false);
    expect(isAllowedEndpoint('https://10.0.0.1/push', false)).toBe(false);
    expect(isAllowedEndpoint('https://fcm.googleapis.com:8443/x', false)).toBe(false);
  });

  it('accepts http on loopback only when allowed (tests, demo)', () => {
    expect(isAllowedEndpoint('http://127.0.0.1:4000/push/1', false)).toBe(false);
    expect(isAllowedEndpoint('http://127.0.0.1:4000/push/1', true)).toBe(true);
    expect(isAllowedEndpoint('http://192.168.1.2:4000/push/1', true)).toBe(false);
  });
});
