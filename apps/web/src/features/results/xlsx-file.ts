import ExcelJS from 'exceljs';
import type { StoredResult } from '@visus/contracts';
import { RESULTS_CSV_COLUMNS, resultsTable, type TablePatient, type TableValue } from '@visus/core';
import { exportFileName, MEDIA_TYPES, type DownloadFile } from './downloads';
import { takenAt } from './result-format';

/*
 * The .xlsx download (issue 24 item 4): the same table as the CSV (core resultsTable), with typed cells so
 * that a spreadsheet shows what was measured: numbers as numbers (with the decimals the CSV shows),
 * Snellen as text ("6/12", never a date), instants and the date of birth as dates, durations as durations
 * ([h]:mm:ss over the seconds). Built with ExcelJS (MIT), which is only ever loaded by a dynamic import
 * when the person asks for this file: it stays out of every entry chunk (the JS budgets).
 */

/** Excel stores a duration as a fraction of a day. */
const SECONDS_PER_DAY = 86_400;

/** The number format of a typed cell ('General' where none is needed). */
export function xlsxFormat(value: TableValue): string | undefined {
  if (value === null) return undefined;
  switch (value.kind) {
    case 'number':
      return value.decimals === undefined
        ? undefined
        : value.decimals === 0
          ? '0'
          : `0.${'0'.repeat(value.decimals)}`;
    case 'instant':
      return 'yyyy-mm-dd hh:mm:ss';
    case 'date':
      return 'yyyy-mm-dd';
    case 'seconds':
      return '[h]:mm:ss';
    default:
      return undefined;
  }
}

/** The value ExcelJS writes for a typed cell (a Date is written in UTC). */
export function xlsxValue(value: TableValue): ExcelJS.CellValue {
  if (value === null) return null;
  switch (value.kind) {
    case 'text':
    case 'snellen':
      return value.text;
    case 'number':
      // A value that is not finite cannot be a spreadsheet number: its text instead.
      return Number.isFinite(value.value) ? value.value : String(value.value);
    case 'boolean':
      return value.value;
    case 'instant':
      return new Date(value.iso);
    case 'date':
      return new Date(`${value.iso}T00:00:00.000Z`);
    case 'seconds':
      return value.value / SECONDS_PER_DAY;
  }
}

/** Results as an .xlsx workbook: one sheet "Results", the CSV's header row and one typed row per entry. */
export async function resultsToXlsx(
  results: readonly StoredResult[],
  patient?: TablePatient,
): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Visus';
  const sheet = workbook.addWorksheet('Results', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow([...RESULTS_CSV_COLUMNS]).font = { bold: true };
  for (const cells of resultsTable(results, patient)) {
    const row = sheet.addRow(RESULTS_CSV_COLUMNS.map((column) => xlsxValue(cells[column])));
    RESULTS_CSV_COLUMNS.forEach((column, i) => {
      const format = xlsxFormat(cells[column]);
      if (format) row.getCell(i + 1).numFmt = format;
    });
  }
  sheet.columns.forEach((column) => {
    column.width = 16;
  });
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}

/** The .xlsx download, named as the other formats are (one result by its test day, a history by today). */
export async function buildXlsxExport(
  kind: 'result' | 'results',
  results: readonly StoredResult[],
  now: Date,
  patient?: TablePatient,
): Promise<DownloadFile> {
  const single = kind === 'result' && results.length === 1 ? results[0] : undefined;
  const day = single ? new Date(takenAt(single)) : now;
  return {
    name: exportFileName(kind, Number.isNaN(day.getTime()) ? now : day, 'xlsx'),
    content: await resultsToXlsx(results, patient),
    type: MEDIA_TYPES.xlsx,
  };
}
