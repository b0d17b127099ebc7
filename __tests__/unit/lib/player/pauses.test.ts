import { clampPause, decodePauses, encodePauses, pauseSchedule } from '@/lib/player/pauses';

describe('pause schedule', () => {
  const pauses = { sentence: 0.5, paragraph: 1.5 };

  it('rests after sentences, not inside them, and longer after the paragraph', () => {
    expect(pauseSchedule(['Hắn đi.', 'Trời mưa, gió to', 'và lạnh!', 'Cuối cùng?”'], pauses)).toEqual([0.5, 0, 0.5, 1.5]);
  });

  it('rests nothing after the chapter’s last paragraph, and as long as the sentence pause when the paragraph’s is shorter', () => {
    expect(pauseSchedule(['Một.', 'Hai.'], pauses, true)).toEqual([0.5, 0]);
    expect(pauseSchedule(['Một.', 'Hai.'], { sentence: 1, paragraph: 0 })).toEqual([1, 1]);
    expect(pauseSchedule(['Một.', 'Hai.'], { sentence: 0, paragraph: 0 })).toEqual([0, 0]);
  });

  it('keeps pauses within 0–2 s in quarter seconds, and reads them back from a request', () => {
    expect([clampPause(-1), clampPause(0.6), clampPause(9), clampPause('1')]).toEqual([0, 0.5, 2, 0]);
    expect(encodePauses({ sentence: 0, paragraph: 0 })).toBeNull();
    expect(encodePauses(pauses)).toBe('500-1500');
    expect(decodePauses('500-1500')).toEqual(pauses);
    expect(decodePauses('500-2500')).toBeNull();
    expect(decodePauses('abc')).toBeNull();
  });
});
