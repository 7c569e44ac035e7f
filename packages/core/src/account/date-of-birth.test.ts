import { describe, expect, it } from 'vitest';
import {
  ageInYears,
  expandTwoDigitYear,
  formatCalendarDate,
  parseCalendarDate,
  validateDateOfBirth,
  calendarDateOf,
  INVALID_DATE_OF_BIRTH,
} from './date-of-birth';

const d = (year: number, month: number, day: number) => ({ year, month, day });

describe('parseCalendarDate', () => {
  it('reads ISO dates', () => {
    expect(parseCalendarDate('1985-12-10')).toEqual(d(1985, 12, 10));
    expect(parseCalendarDate(' 2000-02-29 ')).toEqual(d(2000, 2, 29));
  });

  it('reads day-first dates with 2- and 4-digit years', () => {
    expect(parseCalendarDate('10/12/1985')).toEqual(d(1985, 12, 10));
    expect(parseCalendarDate('1.2.69')).toEqual(d(1969, 2, 1));
    expect(parseCalendarDate('01-02-05')).toEqual(d(2005, 2, 1));
  });

  it.each([
    '',
    'yesterday',
    '1985-13-01',
    '1985-00-10',
    '1990-02-30',
    '1900-02-29',
    '2023-02-29',
    '32/01/1990',
    '1985/12/10',
    '1985-1-1',
  ])('refuses %j', (text) => expect(parseCalendarDate(text)).toBeNull());

  it('accepts 29 February only in leap years', () => {
    expect(parseCalendarDate('2024-02-29')).not.toBeNull();
    expect(parseCalendarDate('2000-02-29')).not.toBeNull();
    expect(parseCalendarDate('2100-02-29')).toBeNull();
  });
});

describe('expandTwoDigitYear (SPEC.md §5: over 68 → 19xx)', () => {
  it.each([
    [69, 1969],
    [99, 1999],
    [68, 2068],
    [0, 2000],
    [5, 2005],
  ])('%i → %i', (two, full) => expect(expandTwoDigitYear(two)).toBe(full));
});

describe('ageInYears', () => {
  it('counts whole years and lowers by one before the birthday', () => {
    expect(ageInYears(d(1980, 6, 15), d(2026, 6, 14))).toBe(45);
    expect(ageInYears(d(1980, 6, 15), d(2026, 6, 15))).toBe(46);
    expect(ageInYears(d(1980, 6, 15), d(2026, 12, 31))).toBe(46);
    expect(ageInYears(d(1980, 6, 15), d(2026, 1, 1))).toBe(45);
  });

  it('is 0 on the day of birth', () => expect(ageInYears(d(2026, 11, 22), d(2026, 11, 22))).toBe(0));

  it('ages a 29 February birthday on 1 March in common years', () => {
    expect(ageInYears(d(2000, 2, 29), d(2026, 2, 28))).toBe(25);
    expect(ageInYears(d(2000, 2, 29), d(2026, 3, 1))).toBe(26);
  });
});

describe('validateDateOfBirth', () => {
  const today = d(2026, 11, 22);
  it('accepts today and an age of 130', () => {
    expect(validateDateOfBirth('2026-11-22', today).ok).toBe(true);
    expect(validateDateOfBirth('1895-11-23', today).ok).toBe(true);
  });
  it.each(['2026-11-23', '1895-11-22', 'nope', '2068-01-01', '01/01/68'])(
    'refuses %j with the spec message',
    (text) => expect(validateDateOfBirth(text, today)).toEqual({ ok: false, error: INVALID_DATE_OF_BIRTH }),
  );
});

describe('formatCalendarDate and calendarDateOf', () => {
  it('round-trips through text', () => {
    expect(formatCalendarDate(d(5, 1, 2))).toBe('0005-01-02');
    expect(formatCalendarDate(parseCalendarDate('1985-12-10')!)).toBe('1985-12-10');
  });
  it('takes the UTC calendar day of an instant', () => {
    expect(calendarDateOf(new Date('2026-11-22T23:59:59Z'))).toEqual(d(2026, 11, 22));
  });
});
