import { CoreInputError } from '../errors/core-input-error';
import { acuityNotations, type AcuityNotations, type StoredAcuity } from './notation';
import { acuityMeasure } from './acuity-measure';
import { acuityCrowding } from './crowding';
import { recordedCorrection } from './correction';
import { eyeOutcome } from './eye-outcome';
import { OUTCOME_CSV_COLUMNS, outcomeCells } from './outcome-cells';
import { eyeFigure, isAcuityTest, resultEntries, type StoredResultRecord } from './summary';
import type { ResultViewing } from './viewing';
import {
  FRACTION_SLASH,
  date,
  instant,
  number,
  numeral,
  text,
  type TablePatient,
  type TableValue,
} from './results-table';

/*
 * The CSV export of stored results (docs/results.md "Exports"), generated on the client from API data:
 * one row per result per test per eye, safe to open in a spreadsheet.
 */

/** CSV columns, in order. */
export const RESULTS_CSV_COLUMNS = [
  'resultId',
  'date',
  'session',
  'units',
  'correction',
  'testMode',
  'test',
  'eye',
  'logMAR',
  'ci95Low',
  'ci95High',
  'snellen6m',
  'snellen20ft',
  'decimal',
  'rounds',
  'loopLength',
  'result',
  'start',
  'end',
  // Whole seconds from start to end (issue 24: HH:MM:SS was read as a clock time by spreadsheets).
  'durationSeconds',
  // A bound (docs/adr/0010): appended, so that every earlier column keeps its place for existing readers.
  'censored',
  'comparator',
  // What an outcome means (issue 17, core eyeOutcome): appended too. `measure` on acuity rows ('visual
  // acuity', or 'grating acuity' for Astigmatism Power, whose Snellen and decimal are equivalents);
  // `finding` a stable code (axis: none-found | axis | uncertain | not-recorded; duochrome: red | green |
  // balanced | mixed | no-answer) and `meaning` the sentence the result page shows.
  'measure',
  'finding',
  'meaning',
  // What Diamond and the spoke tests mean (issue 17; outcome-cells.ts), appended likewise.
  ...OUTCOME_CSV_COLUMNS,
  // The structured correction (issue 24, correction.ts): none | glasses | contact-lenses | not-recorded;
  // `correction` keeps the text as stored.
  'correctionChoice',
  // Whose results these are (issue 24), on every row so that any row read alone still says so.
  'patientName',
  'patientBirthDate',
  // How the chart was presented (issue 23, crowding.ts): crowded | uncrowded | not recorded (acuity rows).
  'crowding',
  // How the viewing distance was known (issue 18, viewing.ts): typed | blind-spot | camera, the distance
  // the test used and the range seen, in mm; empty for a record stored before it was kept.
  // (Named apart from the spoke tests' `viewingDistanceMm`, the distance their visual angle was taken at.)
  'distanceMethod',
  'distanceMm',
  'distanceMinMm',
  'distanceMaxMm',
] as const;

/** A column of the results table. */
export type ResultsColumn = (typeof RESULTS_CSV_COLUMNS)[number];

/*
 * Formula injection (OWASP "CSV Injection", ASVS 5 V1.2.10). Spreadsheets run a cell that starts with
 * = + - or @ as a formula (and drop a leading tab or CR first), so text that someone typed — a correction
 * worn, a name — could run =HYPERLINK(…) or a DDE command on the machine that opens the file. The rule
 * follows the kind of the value, never what the text looks like:
 * - Text: a leading ' when it starts with = + - @, tab, CR, LF or NUL, or with = + - @ after spaces (some
 *   importers trim them), or with their full-width forms (＝ ＋ － ＠). The same after a ; or tab inside
 *   the text, where a spreadsheet that splits on those would start a new cell. Text that looks like a
 *   number ("-1.00" typed as a correction) is text and is neutralised too.
 * - Numbers we produce (JS numbers, and {@link csvNumeral} for figures formatted to a fixed number of
 *   decimals such as logMAR "-0.10") are written as they are: a number cannot be a formula, and a
 *   clinic's spreadsheet must read logMAR -0.10 as the number -0.1, not as text.
 */

/** A formula's first character (= + - @, and their full-width forms), or tab, CR, LF or NUL first. */
const DANGEROUS_START = /^(?:[\t\r\n\0]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;
/** The same after a ; or tab inside the text (and any spaces or quotes): where a split starts a cell. */
const DANGEROUS_AFTER_SEPARATOR = /([;\t][\s"]*)(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;
const NUMERAL = /^-?\d+(\.\d+)?$/;

/** A number formatted by us (e.g. logMAR to two decimals, "-0.10"): a CSV cell written as it is. */
export interface CsvNumeral {
  readonly numeral: string;
}

/** Marks `text` as a number we formatted; throws unless it is a plain decimal such as -0.10 or 12. */
export function csvNumeral(text: string): CsvNumeral {
  if (!NUMERAL.test(text)) throw new CoreInputError(`not a plain decimal number: ${JSON.stringify(text)}`);
  return { numeral: text };
}

/** What a CSV cell may hold: text (neutralised), numbers and numerals (as they are), booleans, nothing. */
export type CsvValue = string | number | boolean | null | undefined | CsvNumeral;

/** Text a spreadsheet will show as text: see the rule above. */
function neutralised(text: string): string {
  const inner = text.replace(DANGEROUS_AFTER_SEPARATOR, "$1'");
  return DANGEROUS_START.test(inner) ? `'${inner}` : inner;
}

/**
 * One CSV cell: text made formula-safe (the rule above), then RFC 4180 quoted. A cell with a comma, quote,
 * CR or LF — or a ; or tab, separators of other spreadsheets — is enclosed in double quotes, and its quotes
 * are doubled. Finite numbers, {@link csvNumeral}s and booleans are written as they are.
 */
export function csvCell(value: CsvValue): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'number')
    text = Number.isFinite(value) ? String(value) : neutralised(String(value));
  else if (typeof value === 'boolean') text = String(value);
  else if (typeof value === 'object') text = csvNumeral(value.numeral).numeral;
  else text = neutralised(value);
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const iso = (ms: number | undefined) =>
  typeof ms === 'number' && Number.isFinite(ms) ? new Date(ms).toISOString() : null;

/** A cell as the CSV writes it (results-table.ts): a machine format no spreadsheet misreads. */
export function csvTableCell(value: TableValue): string {
  if (value === null) return '';
  switch (value.kind) {
    case 'text':
      return csvCell(value.text);
    case 'number':
      return csvCell(
        value.decimals !== undefined && Number.isFinite(value.value)
          ? csvNumeral(value.value.toFixed(value.decimals))
          : value.value,
      );
    case 'boolean':
      return csvCell(value.value);
    case 'instant':
    case 'date':
      return csvCell(value.iso);
    case 'seconds':
      return csvCell(value.value);
    case 'snellen':
      return csvCell(value.text.replace('/', FRACTION_SLASH));
  }
}

/** What {@link csvCell} takes, as a typed cell (an outcome column's text, number or numeral). */
function typed(value: CsvValue): TableValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return text(value);
  if (typeof value === 'number') return number(value);
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  return numeral(value.numeral);
}

/**
 * A bound's comparator on logMAR, as FHIR's Quantity.comparator: `<=` for "or better" (logMAR ≤ bound),
 * `>=` for "or worse"; null for a measured value.
 */
function logMarComparator(n: AcuityNotations): '<=' | '>=' | null {
  if (!n.bound) return null;
  return n.bound.censored === 'better-than' ? '<=' : '>=';
}

/**
 * The results table: one row per result per test per eye, every cell typed (results-table.ts), as the CSV
 * and the .xlsx write it. Acuity rows carry logMAR, the 95 % interval, Snellen 6/x and 20/x and decimal;
 * every row carries the key figure in `result`, the result's start, end and duration in seconds, and the
 * patient's name and date of birth when given.
 *
 * A bound (docs/adr/0010-censored-acuity-results.md, docs/results.md "Exports"): `censored` says
 * better-than / worse-than (empty when measured) and `comparator` `<=` / `>=` applies to `logMAR`, which
 * holds the bound, as FHIR's value and comparator do; Snellen and decimal are the bound's equivalents;
 * ci95Low/ci95High are empty (a bound has no two-sided interval); `result` says "or better" / "or worse".
 */
export function resultsTable(
  results: readonly StoredResultRecord[],
  patient?: TablePatient,
): Record<ResultsColumn, TableValue>[] {
  if (!Array.isArray(results)) throw new CoreInputError('results must be a list');
  const rows: Record<ResultsColumn, TableValue>[] = [];
  for (const r of results) {
    const { start, end } = r.data;
    const seconds =
      typeof start === 'number' && typeof end === 'number' && end >= start
        ? Math.round((end - start) / 1000)
        : null;
    for (const { test, eye, value } of resultEntries(r.data)) {
      const viewing = (r.data[test] as { viewing?: ResultViewing } | undefined)?.viewing;
      const acuity = isAcuityTest(test) ? acuityNotations(value as StoredAcuity) : null;
      const outcome = eyeOutcome(test, value);
      const outcomes = outcomeCells(test, value);
      const snellen = (line: string | undefined): TableValue =>
        line === undefined ? null : { kind: 'snellen', text: line };
      rows.push({
        resultId: text(r._id),
        date: instant(r.setup.date),
        session: text(r.session),
        units: text(r.setup.units),
        correction: text(r.setup.correction),
        testMode: { kind: 'boolean', value: r.setup.testMode },
        test: text(test),
        eye: text(eye),
        logMAR: acuity ? numeral(acuity.text.logMAR) : null,
        ci95Low: acuity?.interval ? numeral(acuity.interval.low.text.logMAR) : null,
        ci95High: acuity?.interval ? numeral(acuity.interval.high.text.logMAR) : null,
        snellen6m: snellen(acuity?.text.snellen6),
        snellen20ft: snellen(acuity?.text.snellen20),
        decimal: acuity ? numeral(acuity.text.decimal) : null,
        rounds: number(acuity?.rounds),
        loopLength: number(acuity?.loopLength),
        result: text(eyeFigure(test, value, r.setup.units)),
        start: instant(iso(start)),
        end: instant(iso(end)),
        durationSeconds: seconds === null ? null : { kind: 'seconds', value: seconds },
        censored: text(acuity?.bound?.censored),
        comparator: text(acuity ? logMarComparator(acuity) : null),
        measure: text(isAcuityTest(test) ? acuityMeasure(test).kind : null),
        // A grating acuity's code would only repeat `measure`; its meaning still explains the figures.
        finding: text(outcome && !isAcuityTest(test) ? outcome.code : null),
        meaning: text(outcome?.meaning),
        ...(Object.fromEntries(
          Object.entries(outcomes).map(([column, cell]) => [column, typed(cell)]),
        ) as Record<keyof typeof outcomes, TableValue>),
        correctionChoice: text(recordedCorrection(r.setup.correction).choice),
        patientName: text(patient?.name),
        patientBirthDate: date(patient?.birthDate),
        crowding: text(isAcuityTest(test) ? acuityCrowding(value as StoredAcuity) : null),
        distanceMethod: text(viewing?.method),
        distanceMm: number(viewing?.distanceMm),
        distanceMinMm: number(viewing?.minMm),
        distanceMaxMm: number(viewing?.maxMm),
      });
    }
  }
  return rows;
}

/**
 * Results as CSV (RFC 4180: CRLF line ends, header row): {@link resultsTable}, each cell written by
 * {@link csvTableCell} — numbers with a dot, instants and dates in ISO 8601, durations in whole seconds,
 * Snellen with a fraction slash (6⁄12), so no spreadsheet turns a figure into a date or a time.
 */
export function resultsToCsv(results: readonly StoredResultRecord[], patient?: TablePatient): string {
  const rows: string[] = [RESULTS_CSV_COLUMNS.join(',')];
  for (const row of resultsTable(results, patient))
    rows.push(RESULTS_CSV_COLUMNS.map((c) => csvTableCell(row[c])).join(','));
  return `${rows.join('\r\n')}\r\n`;
}
