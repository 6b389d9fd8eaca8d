/** The arithmetic of the drift proxy's bench figures (bench/proxy-figures.ts). */
import { describe, expect, it } from 'vitest';
import { quantile } from '../../bench/proxy-figures.ts';

describe('quantile (nearest rank)', () => {
  it('gives the median and the tail of sorted samples', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(samples, 0.5)).toBe(50);
    expect(quantile(samples, 0.99)).toBe(99);
    expect(quantile(samples, 1)).toBe(100);
    expect(quantile(samples, 0)).toBe(1);
  });

  it('is NaN for no samples, and the one sample for one', () => {
    expect(quantile([], 0.5)).toBeNaN();
    expect(quantile([7], 0.99)).toBe(7);
  });
});
