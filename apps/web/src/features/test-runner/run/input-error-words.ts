import type { CoreInputError } from '@visus/core';
import { currentLanguage, t } from '@/lib/i18n/i18n';

/*
 * Core's input errors that the display shows, in the language shown (issue 20): core gives their kind and
 * facts (CoreInputError.kind, .facts), the words are the test-run catalog's. In English they read exactly as
 * core's message (input-error-words.test.ts). An error of another kind (a check the screen's own inputs
 * cannot reach) shows core's English message.
 */

/** A number as core's message writes it (`${n}`) in English, in the language's digits otherwise. */
function plain(value: unknown): string {
  const language = currentLanguage();
  if (language === 'en' || typeof value !== 'number') return String(value);
  return new Intl.NumberFormat(language, { useGrouping: false, maximumFractionDigits: 20 }).format(value);
}

/** A number with two decimals, as core's toFixed(2) in English. */
function twoDecimals(value: number | undefined): string {
  const n = value ?? Number.NaN;
  const language = currentLanguage();
  if (language === 'en') return n.toFixed(2);
  return new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
}

/** Core's input error in the language shown. */
export function inputErrorText(error: CoreInputError): string {
  const { kind, facts } = error;
  if (kind === 'prescription-off-grid') return t('error.rxGrid');
  if (kind === 'grating-does-not-fit')
    return t('power.doesNotFit', {
      finest: twoDecimals(facts.finest),
      coarsest: twoDecimals(facts.coarsest),
    });
  if (facts.field === 'age' && kind === 'out-of-range')
    return t('error.ageRange', { min: plain(facts.min), max: plain(facts.max), value: plain(facts.value) });
  if (facts.field === 'age' && kind === 'not-integer')
    return t('error.ageWhole', { value: plain(facts.value) });
  return error.message;
}
