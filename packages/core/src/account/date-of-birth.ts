/**
 * Dates of birth (SPEC.md §5). A calendar date with no time zone: a person born on 1990-03-01 is
 * born on that day wherever the server or the browser runs, so we never go through `Date` parsing of
 * local times.
 */
export interface CalendarDate {
  readonly year: number;
  readonly month: number; // 1..12
  readonly day: number; // 1..31
}

/** The message SPEC.md §5 and §8 give for a date of birth that cannot be parsed. */
export const INVALID_DATE_OF_BIRTH = 'Invalid date of birth';

/** The oldest age we accept; anything older is a typo (e.g. 1890 for 1980). */
export const MAX_AGE_YEARS = 130;

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one; UTC avoids DST surprises.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Two-digit years (SPEC.md §5): over 68 are read as 19xx, the others as 20xx, so "69" → 1969 and
 * "68" → 2068 (the same pivot as the spec's date library).
 */
export function expandTwoDigitYear(twoDigits: number): number {
  return twoDigits > 68 ? 1900 + twoDigits : 2000 + twoDigits;
}

/**
 * Parses a date of birth written as ISO `YYYY-MM-DD`, or day-first `DD/MM/YYYY`, `DD/MM/YY`
 * (also with `-` or `.`). Returns null for anything that is not a real calendar date.
 */
export function parseCalendarDate(text: string): CalendarDate | null {
  const trimmed = text.trim();
  let year: number;
  let month: number;
  let day: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(trimmed);
  if (iso) {
    year = Number(iso[1]);
    month = Number(iso[2]);
    day = Number(iso[3]);
  } else if (dayFirst) {
    day = Number(dayFirst[1]);
    month = Number(dayFirst[2]);
    const y = dayFirst[3]!;
    year = y.length === 2 ? expandTwoDigitYear(Number(y)) : Number(y);
  } else {
    return null;
  }
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** Formats a calendar date as `YYYY-MM-DD`. */
export function formatCalendarDate(date: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** Compares two calendar dates: negative when a is earlier, 0 when equal, positive when later. */
export function compareCalendarDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/**
 * Age in whole years on `today` (SPEC.md §5): the difference of the years, lowered by one if the
 * birthday has not yet occurred this year. Someone born on 29 February turns a year older on
 * 1 March in common years.
 */
export function ageInYears(dob: CalendarDate, today: CalendarDate): number {
  const birthdayPassed = today.month > dob.month || (today.month === dob.month && today.day >= dob.day);
  return today.year - dob.year - (birthdayPassed ? 0 : 1);
}

/**
 * Checks a date of birth given as text against `today`: it must be a real date, not in the
 * future, and not more than {@link MAX_AGE_YEARS} years ago. Returns the date or the spec's error.
 */
export function validateDateOfBirth(
  text: string,
  today: CalendarDate,
): { ok: true; date: CalendarDate } | { ok: false; error: typeof INVALID_DATE_OF_BIRTH } {
  const date = parseCalendarDate(text);
  if (!date || compareCalendarDates(date, today) > 0 || ageInYears(date, today) > MAX_AGE_YEARS) {
    return { ok: false, error: INVALID_DATE_OF_BIRTH };
  }
  return { ok: true, date };
}

/** The calendar date of an instant in UTC; `now` is passed in so callers control the clock. */
export function calendarDateOf(now: Date): CalendarDate {
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
}
