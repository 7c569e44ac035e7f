import { CoreInputError } from '../errors/core-input-error';
import { ageInYears, INVALID_DATE_OF_BIRTH, validateDateOfBirth, type CalendarDate } from './date-of-birth';

/**
 * Age in whole years of a date of birth written as text, on `today` (SPEC.md §5): two-digit years over 68
 * are 19xx, others 20xx; the age is lowered by one before the birthday. Throws {@link CoreInputError} with
 * the spec's message 'Invalid date of birth' for text that is not a date, a future date, or over 130 years.
 */
export function ageFromDob(dob: string, today: CalendarDate): number {
  if (
    typeof today !== 'object' ||
    today === null ||
    ![today.year, today.month, today.day].every(Number.isInteger) ||
    today.month < 1 ||
    today.month > 12 ||
    today.day < 1 ||
    today.day > 31
  ) {
    throw new CoreInputError('today must be a calendar date { year, month, day }');
  }
  if (typeof dob !== 'string') throw new CoreInputError(INVALID_DATE_OF_BIRTH);
  const checked = validateDateOfBirth(dob, today);
  if (!checked.ok) throw new CoreInputError(INVALID_DATE_OF_BIRTH);
  return ageInYears(checked.date, today);
}
