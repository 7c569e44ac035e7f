import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { formatDioptres, presbyopiaAdd, type PresbyopiaDistance } from './presbyopia-add';

const mid: PresbyopiaDistance = 'Between 1.6m and 1.9m';

describe('presbyopia add (SPEC.md §9 "Presbyopia base add by age")', () => {
  it.each([
    [44, 0.5],
    [45, 0.75],
    [46, 1],
    [47, 1.25],
    [48, 1.5],
    [49, 1.75],
    [50, 2],
    [54, 2],
    [55, 2.25],
    [58, 2.25],
    [59, 2.5],
    [60, 2.5],
  ])('age %i gives %f D', (age, add) =>
    expect(presbyopiaAdd({ age, distance: mid, prescription: 0 })).toBe(add),
  );
  it('+0.25 below 1.6 m, −0.25 above 1.9 m', () => {
    expect(presbyopiaAdd({ age: 50, distance: 'Below 1.6m', prescription: 0 })).toBe(2.25);
    expect(presbyopiaAdd({ age: 50, distance: 'Above 1.9m', prescription: 0 })).toBe(1.75);
  });
  it('+0.25 for a prescription above 3, −0.25 below −3 (3 and −3 themselves unchanged)', () => {
    expect(presbyopiaAdd({ age: 50, distance: mid, prescription: 3.25 })).toBe(2.25);
    expect(presbyopiaAdd({ age: 50, distance: mid, prescription: -3.25 })).toBe(1.75);
    expect(presbyopiaAdd({ age: 50, distance: mid, prescription: 3 })).toBe(2);
    expect(presbyopiaAdd({ age: 44, distance: 'Above 1.9m', prescription: -4 })).toBe(0);
  });
  it('outside 44–60: 0 D under 44 (no adjustments), the 60-year value over 60', () => {
    expect(presbyopiaAdd({ age: 43, distance: 'Below 1.6m', prescription: 5 })).toBe(0);
    expect(presbyopiaAdd({ age: 75, distance: mid, prescription: 0 })).toBe(2.5);
    expect(presbyopiaAdd({ age: 75, distance: 'Below 1.6m', prescription: 4 })).toBe(3);
  });
  it('rejects bad input', () => {
    expect(() => presbyopiaAdd({ age: 50.5, distance: mid, prescription: 0 })).toThrow(CoreInputError);
    expect(() => presbyopiaAdd({ age: -1, distance: mid, prescription: 0 })).toThrow(CoreInputError);
    expect(() => presbyopiaAdd({ age: 50, distance: '2m' as PresbyopiaDistance, prescription: 0 })).toThrow(
      CoreInputError,
    );
    expect(() => presbyopiaAdd({ age: 50, distance: mid, prescription: Number.NaN })).toThrow(CoreInputError);
  });
});

describe('formatDioptres', () => {
  it('writes dioptres with their sign, as a prescription does', () => {
    expect(formatDioptres(1.25)).toBe('+1.25 D');
    expect(formatDioptres(-3)).toBe('−3.00 D');
    expect(formatDioptres(0)).toBe('0.00 D');
    expect(formatDioptres(-0.001)).toBe('0.00 D');
  });
});
