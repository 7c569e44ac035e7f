import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { RESULTS_CSV_COLUMNS, resultsTable, type TableValue } from '@visus/core';
import { fullResult, storedResult } from './results-fixtures';
import { resultsToXlsx } from './xlsx-file';

/*
 * The .xlsx read back with ExcelJS (issue 24 item 4): every cell's type and value.
 */

/** Excel's day 0 (1899-12-30), from which a duration cell counts. */
const EXCEL_DAY_0 = Date.UTC(1899, 11, 30);
const patient = { name: 'Ada Lovelace', birthDate: '1985-12-10' };
const older = storedResult({
  day: '2026-11-19',
  setup: { date: 'not a date', units: 'm', correction: 'No glasses', testMode: false, singleTest: 'sloan' },
});
const results = [fullResult(), storedResult(), older];

async function readBack(): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await resultsToXlsx(results, patient));
  return workbook.getWorksheet('Results')!;
}

/** What a cell must read back as: its ExcelJS type, value and number format. */
function expected(value: TableValue): { type: ExcelJS.ValueType; value: unknown; numFmt?: string } {
  const V = ExcelJS.ValueType;
  if (value === null) return { type: V.Null, value: null };
  switch (value.kind) {
    case 'text':
    case 'snellen':
      return { type: V.String, value: value.text };
    case 'number':
      return {
        type: V.Number,
        value: value.value,
        ...(value.decimals === undefined
          ? {}
          : { numFmt: value.decimals ? `0.${'0'.repeat(value.decimals)}` : '0' }),
      };
    case 'boolean':
      return { type: V.Boolean, value: value.value };
    case 'instant':
      return { type: V.Date, value: new Date(value.iso), numFmt: 'yyyy-mm-dd hh:mm:ss' };
    case 'date':
      return { type: V.Date, value: new Date(`${value.iso}T00:00:00.000Z`), numFmt: 'yyyy-mm-dd' };
    case 'seconds':
      // Stored as Excel stores a duration, a fraction of a day with a time format; ExcelJS reads such a
      // cell back as a Date that far past Excel's day 0 (1899-12-30).
      return { type: V.Date, value: new Date(EXCEL_DAY_0 + value.value * 1000), numFmt: '[h]:mm:ss' };
  }
}

describe('the .xlsx download', () => {
  it('has the CSV header and one row per result, test and eye', async () => {
    const sheet = await readBack();
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...RESULTS_CSV_COLUMNS]);
    expect(sheet.rowCount).toBe(1 + resultsTable(results, patient).length);
  });

  it('reads back every cell with its type, value and format', async () => {
    const sheet = await readBack();
    const rows = resultsTable(results, patient);
    rows.forEach((cells, r) => {
      RESULTS_CSV_COLUMNS.forEach((column, c) => {
        const cell = sheet.getRow(r + 2).getCell(c + 1);
        const want = expected(cells[column]);
        expect({ at: `${column} row ${r + 2}`, type: cell.type, value: cell.value }).toEqual({
          at: `${column} row ${r + 2}`,
          type: want.type,
          value: want.value,
        });
        if (want.numFmt) expect(cell.numFmt).toBe(want.numFmt);
      });
    });
  });

  it('writes Snellen as text, logMAR as a number, dates as dates and the duration as a duration', async () => {
    const sheet = await readBack();
    const col = (name: (typeof RESULTS_CSV_COLUMNS)[number]) => RESULTS_CSV_COLUMNS.indexOf(name) + 1;
    const first = sheet.getRow(2); // fullResult: Sloan right, 0.00 logMAR, feet
    expect(first.getCell(col('test')).value).toBe('sloan');
    expect(first.getCell(col('snellen6m')).value).toBe('6/6');
    expect(first.getCell(col('snellen20ft')).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(col('logMAR')).value).toBe(0);
    expect(first.getCell(col('logMAR')).numFmt).toBe('0.00');
    expect(first.getCell(col('date')).value).toEqual(new Date('2026-11-21T10:00:00.000Z'));
    expect(first.getCell(col('durationSeconds')).value).toEqual(new Date(EXCEL_DAY_0 + 754_000)); // 00:12:34
    expect(first.getCell(col('durationSeconds')).numFmt).toBe('[h]:mm:ss');
    expect(first.getCell(col('patientName')).value).toBe('Ada Lovelace');
    expect(first.getCell(col('patientBirthDate')).value).toEqual(new Date('1985-12-10T00:00:00.000Z'));
    // An older record's date that is not an instant stays text; its correction is kept as typed.
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(col('date')).value).toBe('not a date');
    expect(last.getCell(col('correction')).value).toBe('No glasses');
  });
});
