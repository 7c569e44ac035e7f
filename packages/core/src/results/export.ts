import { CoreInputError } from '../errors/core-input-error';
import type { TestId } from '../flow/test-definitions';
import { eyeOutcome, type EyeOutcome } from './eye-outcome';
import { acuityNotations, type StoredAcuity } from './notation';
import { ACUITY_TEST_IDS, resultEntries, type ResultEye, type StoredResultRecord } from './summary';

/*
 * Exports of stored results, generated on the client from API data (docs/results.md): JSON, and a FHIR R4
 * Bundle of Observations for a clinic. The CSV export is in ./csv.
 */

// --------------------------------------------------------------------------------------------- JSON

/**
 * A result as the JSON export writes it: as the API stores it, except that each acuity record's `snellen`
 * is the 6 m chart line of its logMAR by the notation rule (notation.ts, docs/results.md "Notations"),
 * so the file says what the screen, CSV and FHIR say. An older record's own `snellen` string (the level
 * its run ended on) is replaced, not trusted; a bare logMAR number is written as it is.
 */
export function withNotation(result: StoredResultRecord): StoredResultRecord {
  if (!result || typeof result !== 'object') throw new CoreInputError('result must be an object');
  if (!result.data || typeof result.data !== 'object') return result;
  const data: Record<string, unknown> = { ...result.data };
  for (const test of ACUITY_TEST_IDS) {
    const perEye = data[test] as Record<string, unknown> | undefined;
    if (!perEye || typeof perEye !== 'object') continue;
    const eyes: Record<string, unknown> = { ...perEye };
    for (const eye of ['right', 'left'] as const) {
      const value = eyes[eye];
      if (value !== null && typeof value === 'object') {
        const line = acuityNotations(value as StoredAcuity).text.snellen6;
        eyes[eye] = { ...value, snellen: line };
      }
    }
    data[test] = eyes;
  }
  return { ...result, data: data as StoredResultRecord['data'] };
}

/** A result's outcomes in words, per test and eye (core eyeOutcome), as the JSON export adds them. */
export type ResultOutcomes = Partial<Record<TestId, Partial<Record<ResultEye, EyeOutcome>>>>;

/**
 * What the outcomes of a result mean (issue 17): for each test and eye that has one in words (axis
 * finding, duochrome balance, Astigmatism Power's grating acuity), the code, headline and meaning. Derived
 * from the stored data, so older records get them too (an axis record without `finding` says
 * 'not-recorded' unless its answers prove 'none-found').
 */
export function resultOutcomes(data: StoredResultRecord['data']): ResultOutcomes {
  const outcomes: ResultOutcomes = {};
  for (const { test, eye, value } of resultEntries(data)) {
    const outcome = eyeOutcome(test, value);
    if (outcome) outcomes[test] = { ...outcomes[test], [eye]: outcome };
  }
  return outcomes;
}

/**
 * A result as the JSON file writes it: {@link withNotation}, plus `outcomes` ({@link resultOutcomes}) beside
 * `data`, so the stored record itself is written unchanged (and still reads back as a stored result).
 */
function jsonResult(result: StoredResultRecord): StoredResultRecord & { outcomes?: ResultOutcomes } {
  const written = withNotation(result);
  if (!written.data || typeof written.data !== 'object') return written;
  return { ...written, outcomes: resultOutcomes(written.data) };
}

/**
 * One result as pretty-printed JSON: as the API stores it, with the notation rule's `snellen`, and
 * `outcomes` ({@link resultOutcomes}).
 */
export function resultToJson(result: StoredResultRecord): string {
  return `${JSON.stringify(jsonResult(result), null, 2)}\n`;
}

/** A whole history as JSON: `{ results: [...] }`, each as {@link resultToJson} writes it. */
export function resultsToJson(results: readonly StoredResultRecord[]): string {
  if (!Array.isArray(results)) throw new CoreInputError('results must be a list');
  return `${JSON.stringify({ results: results.map(jsonResult) }, null, 2)}\n`;
}
