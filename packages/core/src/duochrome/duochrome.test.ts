import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import {
  DUOCHROME_ANSWERS,
  duochromeBalance,
  duochromeCounts,
  duochromeMeaning,
  recordDuochrome,
  type DuochromeAnswer,
} from './duochrome';

describe('duochrome (SPEC.md §3 "duoChrome (list per eye)")', () => {
  it('keeps a list of answers', () => expect(recordDuochrome(['red'], 'green')).toEqual(['red', 'green']));
  it('takes "same" (both equally sharp, issue 17)', () => {
    expect(DUOCHROME_ANSWERS).toEqual(['red', 'green', 'same']);
    expect(recordDuochrome(['red'], 'same')).toEqual(['red', 'same']);
  });
  it('rejects other answers', () => {
    expect(() => recordDuochrome([], 'blue' as DuochromeAnswer)).toThrow(CoreInputError);
    expect(() => recordDuochrome([], 'blue' as DuochromeAnswer)).toThrow(/red, green or same/);
  });
});

describe('duochrome balance: the side more than half the answers name (issue 17)', () => {
  it.each([
    [['red'], 'red'],
    [['red', 'red', 'green'], 'red'],
    [['red', 'same', 'red'], 'red'],
    [['green'], 'green'],
    [['green', 'green', 'same'], 'green'],
    [['same'], 'balanced'],
    [['same', 'same', 'red'], 'balanced'],
    // No majority: the answers disagree.
    [['red', 'green'], 'mixed'],
    [['red', 'same'], 'mixed'],
    [['red', 'green', 'same'], 'mixed'],
    [[], 'no-answer'],
  ] as const)('%j → %s', (answers, balance) => {
    expect(duochromeBalance(answers)).toBe(balance);
  });

  it('counts each answer and refuses anything else', () => {
    expect(duochromeCounts(['red', 'same', 'red', 'green'])).toEqual({ red: 2, green: 1, same: 1 });
    expect(() => duochromeCounts(['red', 'blue'])).toThrow(CoreInputError);
    expect(() => duochromeBalance('red' as unknown as string[])).toThrow(CoreInputError);
  });

  it('says what each balance means, as a hint and never as a prescription', () => {
    expect(duochromeMeaning(['red'])).toMatchObject({ balance: 'red', title: 'Red side sharper' });
    expect(duochromeMeaning(['red']).meaning).toMatch(/short sight not fully corrected.*not a prescription/);
    expect(duochromeMeaning(['green']).meaning).toMatch(/over-corrected for distance.*not a prescription/);
    expect(duochromeMeaning(['same']).title).toBe('Balanced');
    expect(duochromeMeaning(['red', 'green']).title).toBe('Mixed answers');
    expect(duochromeMeaning([])).toMatchObject({ balance: 'no-answer', title: 'No answer' });
    expect(duochromeMeaning(['same', 'red', 'same']).counts).toEqual({ red: 1, green: 0, same: 2 });
  });
});
