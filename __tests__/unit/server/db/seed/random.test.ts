/** @jest-environment node */
import { createRng, hashSeed } from '@/server/db/seed/random';

describe('createRng', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const draw = (seed: number) => {
      const rng = createRng(seed);
      return Array.from({ length: 20 }, () => rng.next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('keeps floats in [0, 1) and integers inside their inclusive range', () => {
    const rng = createRng(7);
    const seen = new Set<number>();
    for (let i = 0; i < 5000; i++) {
      const x = rng.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      const n = rng.int(3, 6);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(6);
      seen.add(n);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
    expect(() => rng.int(2, 1)).toThrow(RangeError);
  });

  it('picks by weight', () => {
    const rng = createRng(11);
    const counts = { a: 0, b: 0, never: 0 };
    for (let i = 0; i < 10_000; i++) {
      counts[
        rng.weighted<keyof typeof counts>([
          ['a', 3],
          ['b', 1],
          ['never', 0],
        ])
      ]++;
    }
    expect(counts.never).toBe(0);
    expect(counts.a / counts.b).toBeGreaterThan(2.5);
    expect(counts.a / counts.b).toBeLessThan(3.5);
    expect(() => rng.weighted([])).toThrow(RangeError);
    expect(() => rng.pick([])).toThrow(RangeError);
  });

  it('shuffles into a permutation without touching the input', () => {
    const rng = createRng(5);
    const input = Array.from({ length: 50 }, (_, i) => i);
    const shuffled = rng.shuffle(input);
    expect(input).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(shuffled).not.toEqual(input);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(input);
    const sample = rng.sample(input, 5);
    expect(new Set(sample).size).toBe(5);
    expect(rng.sample([1, 2], 5)).toHaveLength(2);
  });
});

describe('hashSeed', () => {
  it('is stable and tells its parts apart', () => {
    expect(hashSeed('story', 1)).toBe(hashSeed('story', 1));
    expect(hashSeed('story', 1)).not.toBe(hashSeed('story', 2));
    expect(hashSeed('ab', 'c')).not.toBe(hashSeed('a', 'bc'));
    expect(Number.isInteger(hashSeed('x'))).toBe(true);
    expect(hashSeed('x')).toBeGreaterThanOrEqual(0);
  });
});
