import type { ReportFactFacts, ResultCalibrationMethod } from '@visus/core';
import { currentLanguage, t, type MessageId } from '@/lib/i18n/i18n';
import { formatFixed, formatNumber } from '@/lib/i18n/numbers';
import { correctionWords } from './result-words';

/*
 * The printed report's header in the reader's language (issue 20), from core's reportHeaderFacts: each
 * line's label and value; result-words.test.ts checks their English is core's, byte for byte.
 */

const METHOD_IDS = {
  card: 'results.report.cardMethod',
  diagonal: 'results.report.diagonalMethod',
} as const satisfies Record<ResultCalibrationMethod, MessageId>;

/** Metres to two decimals as the report writes them ("0.60 m"), in the language. */
const reportMetres = (mm: number) => `${formatFixed(mm / 1000, 2)} m`;

/** A date of birth with the month spelt out, as the report writes it ("10 December 1985"). */
function birthDateWords(date: { year: number; month: number; day: number }): string {
  const language = currentLanguage();
  // British English writes "10 December 1985", core's order; the others their own.
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(date.year, date.month - 1, date.day)));
}

/**
 * The value of one line of the report's header (core reportHeaderFacts' `value`) from its facts, in the
 * language. `tested` is the caller's own date-time text, as core takes it.
 */
export function reportValueWords(facts: ReportFactFacts, tested: string): string {
  const notRecorded = t('results.report.notRecorded');
  switch (facts.id) {
    case 'name':
      return facts.name ?? notRecorded;
    case 'dob': {
      if (!facts.date) return notRecorded;
      const date = birthDateWords(facts.date);
      return facts.ageAtTest === null ? date : t('results.report.dobAge', { date, age: facts.ageAtTest });
    }
    case 'tested':
      return tested;
    case 'correction':
      return correctionWords(facts.correction ?? '');
    case 'distance':
      if (facts.chartsMm.length > 0) {
        const each = facts.chartsMm.map(reportMetres);
        const language = currentLanguage();
        return language === 'en'
          ? each.join(', ')
          : new Intl.ListFormat(language, { type: 'conjunction' }).format(each);
      }
      return facts.calibrationMm === null
        ? notRecorded
        : t('results.report.calibrationDistance', { distance: reportMetres(facts.calibrationMm) });
    case 'calibration': {
      const c = facts.calibration;
      if (!c) return notRecorded;
      return t('results.report.calibrationValue', {
        pxPerMm: formatFixed(c.pxPerMm, 3),
        distance: reportMetres(c.distanceMm),
        method: t(METHOD_IDS[c.method]),
        ratio: formatNumber(Number(c.devicePixelRatio.toFixed(2))),
      });
    }
    case 'gamma':
      if (!facts.recorded) return notRecorded;
      return facts.gamma === null ? t('results.report.gammaNotCalibrated') : formatFixed(facts.gamma, 2);
    case 'browser':
      if (!facts.recorded) return notRecorded;
      if (!facts.browser) return t('results.report.unknownBrowser');
      return facts.browser.system
        ? t('results.report.browserOn', { browser: facts.browser.name, system: facts.browser.system })
        : facts.browser.name;
  }
}

const REPORT_LABEL_IDS = {
  name: 'results.report.name',
  dob: 'results.report.dob',
  tested: 'results.report.tested',
  correction: 'results.report.correction',
  distance: 'results.report.distance',
  calibration: 'results.report.calibration',
  gamma: 'results.report.gamma',
  browser: 'results.report.browser',
} as const satisfies Record<ReportFactFacts['id'], MessageId>;

/** The label of one line of the report's header (core reportHeaderFacts' `label`), in the language. */
export function reportLabelWords(facts: ReportFactFacts): string {
  return t(REPORT_LABEL_IDS[facts.id]);
}
