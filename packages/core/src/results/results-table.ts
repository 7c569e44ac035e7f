import type { FhirPatientInput } from './fhir-resources';

/*
 * The typed cells of the results table (issue 24 item 4): one row per result per test per eye, as the CSV
 * (./csv) and the .xlsx download (the web's lazily loaded writer) both write it. Each cell says what it
 * is, so each format can write it in a way no spreadsheet misreads:
 *
 *   kind     | CSV (a machine format, docs/results.md "Exports")          | .xlsx
 *   text     | text, formula-neutralised and RFC 4180 quoted               | a text cell
 *   number   | a plain decimal with a dot ("-0.10", fixed decimals kept)   | a number, shown with those decimals
 *   boolean  | true / false                                               | a boolean
 *   instant  | ISO 8601 with Z ("2026-01-31T09:30:00.000Z")               | a date-time (UTC)
 *   date     | ISO 8601 YYYY-MM-DD                                        | a date
 *   seconds  | whole seconds, a number (never HH:MM:SS, read as a time)   | a duration ([h]:mm:ss)
 *   snellen  | 6⁄12 with U+2044 FRACTION SLASH: never read as a date      | text "6/12"
 */

/** One typed cell; null is an empty cell (a field the test or an older record does not have). */
export type TableValue =
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number; decimals?: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'instant'; iso: string }
  | { kind: 'date'; iso: string }
  | { kind: 'seconds'; value: number }
  | { kind: 'snellen'; text: string }
  | null;

/** The person a table is about (name and date of birth are written on every row). */
export type TablePatient = Pick<FhirPatientInput, 'name' | 'birthDate'>;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const text = (value: string | null | undefined): TableValue =>
  value === null || value === undefined ? null : { kind: 'text', text: value };
/** An instant when the text is one (ISO 8601 in UTC), else the text as it is. */
export const instant = (value: string | null | undefined): TableValue =>
  typeof value === 'string' && ISO_INSTANT.test(value) && Number.isFinite(Date.parse(value))
    ? { kind: 'instant', iso: value }
    : text(value);
/** A calendar date when the text is one (YYYY-MM-DD), else the text as it is. */
export const date = (value: string | null | undefined): TableValue =>
  typeof value === 'string' && ISO_DATE.test(value) && Number.isFinite(Date.parse(value))
    ? { kind: 'date', iso: value }
    : text(value);
/** A number formatted by us to fixed decimals ("-0.10"): the number, and how many decimals it shows. */
export const numeral = (formatted: string): TableValue => {
  const dot = formatted.indexOf('.');
  return { kind: 'number', value: Number(formatted), decimals: dot < 0 ? 0 : formatted.length - dot - 1 };
};
export const number = (value: number | null | undefined): TableValue =>
  typeof value === 'number' ? { kind: 'number', value } : null;

/** U+2044 FRACTION SLASH: "6⁄12" reads as Snellen 6/12, and no spreadsheet reads it as a date. */
export const FRACTION_SLASH = '\u2044';
