import type { StoredResult } from '@visus/contracts';
import {
  acuityMeasure,
  resultIsCrowded,
  type AcuityTestId,
  type StoredAcuity,
  type TestId,
} from '@visus/core';
import { currentLanguage, t } from '@/lib/i18n/i18n';
import { testName as testNameWords } from '@/lib/i18n/test-names';
import { formatDate, SHORT_DAY } from '@/lib/i18n/dates';

/** A test's name as people see it, e.g. 'Landolt C', in the language shown (lib/i18n/test-names). */
export function testName(id: TestId): string {
  return testNameWords(id);
}

/**
 * A trend chart's heading in the language shown: its name ("Sloan (crowded)"), and for a grating acuity
 * (Astigmatism Power) that it is one (issue 17). The results page and a clinician's patient history use it.
 */
export function trendHeading(trend: { test: AcuityTestId; crowded: boolean }): string {
  return acuityMeasure(trend.test).equivalent
    ? t('results.trend.gratingHeading', { name: trendName(trend) })
    : trendName(trend);
}

/** A trend's name (trend-data's `name`, English) in the language shown: "Sloan (crowded)". */
export function trendName(trend: { test: TestId; crowded: boolean }): string {
  const name = testName(trend.test);
  return trend.crowded ? `${name} ${t('results.crowded')}` : name;
}

/**
 * The locale dates are written in: in English the browser's own (en-GB writes 20 Nov, en-US Nov 20, as
 * before issue 20); in another language the browser's variant of it when it has one (es-MX), else the
 * language (de).
 */
export function dateLocale(): string | undefined {
  const language = currentLanguage();
  if (language === 'en') return undefined;
  const browser = typeof navigator === 'undefined' ? undefined : navigator.language;
  return browser?.toLowerCase().startsWith(`${language}-`) ? browser : language;
}

/** "20 Nov 2026, 10:32" in the reader's language; '—' for an unreadable value (one formatter: lib/i18n/dates). */
export function dateTime(value: string | number): string {
  return formatDate(value, dateLocale(), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** "20 Nov 2026" in the reader's locale. */
export function shortDay(value: string | number): string {
  return formatDate(value, dateLocale(), SHORT_DAY);
}

/** When a result was taken: its setup date (SPEC.md §3), else when it was stored. */
export function takenAt(result: Pick<StoredResult, 'setup' | 'createdAt'>): string {
  return result.setup.date || result.createdAt;
}

/**
 * Whether a result's `test` was taken crowded (bars around each letter, SPEC.md §3 `crowding`): only the
 * letter charts can be; records stored before crowding was kept read as not crowded.
 */
export function takenCrowded(data: StoredResult['data'], test: TestId): boolean {
  if (test !== 'sloan' && test !== 'tumblingE' && test !== 'landoltC') return false;
  const perEye: { right?: StoredAcuity; left?: StoredAcuity } | undefined = data[test];
  return perEye !== undefined && resultIsCrowded(perEye);
}
