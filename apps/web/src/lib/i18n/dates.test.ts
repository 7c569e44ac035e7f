import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from './dates';

afterEach(() => vi.restoreAllMocks());

describe('formatDate', () => {
  const iso = '2026-11-20T10:32:00.000Z';
  it.each([
    ['en', { year: 'numeric', month: 'short', day: 'numeric' }],
    ['de', { year: 'numeric', month: 'long', day: 'numeric' }],
    ['fr', { dateStyle: 'medium', timeStyle: 'short' }],
    [undefined, { dateStyle: 'medium' }],
  ] as const)('writes what toLocaleString writes (%s, %o)', (locale, options) => {
    expect(formatDate(iso, locale, options)).toBe(new Date(iso).toLocaleString(locale, options));
    expect(formatDate(Date.parse(iso), locale, options)).toBe(new Date(iso).toLocaleString(locale, options));
  });

  it('makes one formatter per locale and options, not one per date', () => {
    const Real = Intl.DateTimeFormat;
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof Intl.DateTimeFormat>
    ) {
      return new Real(...args);
    } as never);
    const options = { year: 'numeric', month: 'short', day: '2-digit' } as const;
    for (let day = 1; day <= 20; day += 1)
      formatDate(`2026-11-${String(day).padStart(2, '0')}`, 'es', options);
    expect(made).toHaveBeenCalledTimes(1);
    formatDate(iso, 'de', options);
    expect(made).toHaveBeenCalledTimes(2);
  });

  it('writes a dash for an unreadable date instead of throwing', () => {
    expect(formatDate('not a date', 'en', { dateStyle: 'medium' })).toBe('—');
  });
});
