/** @jest-environment node */
import { percentile } from '@/scripts/bench/support/stats';

describe('percentile (nearest rank)', () => {
  it('takes the smallest sample with at least p % at or below it, in any order', () => {
    expect(percentile([2, 1], 50)).toBe(1);
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile(hundred, 0)).toBe(1);
  });

  it('is NaN without samples, not a made-up zero', () => {
    expect(percentile([], 95)).toBeNaN();
  });
});
