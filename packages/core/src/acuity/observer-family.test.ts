import { describe, expect, it } from 'vitest';
import { createSeededRng } from '../random/rng';
import { createFamilyObserver, normalCdf, observerFamily, seenProbability } from './observer-family';

describe('the observer family (issue 16 item 5)', () => {
  it('Φ matches known values', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 6);
  });

  it.each(['logistic', 'normal', 'weibull'] as const)('%s: F(T) = 1/2 and F has SD σ', (shape) => {
    for (const sigma of [0.05, 0.2]) {
      expect(seenProbability(shape, sigma, 0.3, 0.3)).toBeCloseTo(0.5, 7);
      // SD of F as a distribution over L, by numerical integration of its density dF/dL.
      let m1 = 0;
      let m2 = 0;
      const h = sigma / 200;
      for (let L = 0.3 - 12 * sigma; L < 0.3 + 12 * sigma; L += h) {
        const p = seenProbability(shape, sigma, 0.3, L + h) - seenProbability(shape, sigma, 0.3, L);
        m1 += p * (L + h / 2);
        m2 += p * (L + h / 2) ** 2;
      }
      expect(Math.sqrt(m2 - m1 * m1)).toBeCloseTo(sigma, 3);
    }
  });

  it('spans every shape, σ 0.05–0.20, lapses 0–5 % and each chart’s guessing', () => {
    expect(observerFamily('sloan')).toHaveLength(3 * 4 * 3 * 3);
    expect(observerFamily('landolt-c')).toHaveLength(36);
    expect(observerFamily('tumbling-e').every((m) => m.guess === 'uniform' && m.choices === 4)).toBe(true);
  });

  it('a confusing observer answers within the letter’s outline group when the detail is not seen', () => {
    const answer = createFamilyObserver(
      'sloan',
      { shape: 'logistic', sigma: 0.05, lapse: 0, guess: 'confusable', choices: 9 },
      0.5,
      createSeededRng(3),
    );
    // 0.45: detail rarely seen (F ≈ 0.14), outline (F at 0.55) mostly seen → answers among C, D, O.
    const answers = Array.from({ length: 400 }, () => answer({ logMAR: 0.45, optotype: 'C' }));
    const inGroup = answers.filter((a) => ['C', 'D', 'O'].includes(String(a))).length / answers.length;
    expect(inGroup).toBeGreaterThan(0.8);
    expect(answers.filter((a) => a === 'C').length / answers.length).toBeGreaterThan(0.3);
  });

  it('refuses confusable guessing outside Sloan and uniform guessing among a wrong count', () => {
    const rng = createSeededRng(1);
    const base = { shape: 'normal', sigma: 0.1, lapse: 0 } as const;
    expect(() =>
      createFamilyObserver('tumbling-e', { ...base, guess: 'confusable', choices: 4 }, 0, rng),
    ).toThrow();
    expect(() =>
      createFamilyObserver('landolt-c', { ...base, guess: 'uniform', choices: 4 }, 0, rng),
    ).toThrow();
  });
});
