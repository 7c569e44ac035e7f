import { describe, expect, it } from 'vitest';
import { RESULTS_CSV_COLUMNS, resultsTable, resultsToCsv } from './csv';
import { EXPORT_FIXTURES } from './export-fixtures';

/** A strict RFC 4180 reader: quoted cells, doubled quotes, CRLF rows. */
function parseCsv(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted && c === '"' && csv[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted || (c !== ',' && c !== '\r')) {
      cell += c;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++; // the \n of CRLF
    }
  }
  return rows;
}

const patient = { name: 'Ada Lovelace', birthDate: '1985-12-10' };

describe('the results table and CSV a spreadsheet cannot misread (issue 24)', () => {
  const rows = parseCsv(resultsToCsv(EXPORT_FIXTURES, patient));

  it('names the patient and date of birth on every row', () => {
    const name = RESULTS_CSV_COLUMNS.indexOf('patientName');
    const dob = RESULTS_CSV_COLUMNS.indexOf('patientBirthDate');
    expect(rows.length).toBeGreaterThan(25);
    for (const row of rows.slice(1)) {
      expect(row).toHaveLength(RESULTS_CSV_COLUMNS.length);
      expect(row[name]).toBe('Ada Lovelace');
      expect(row[dob]).toBe('1985-12-10');
    }
    // Without a patient, the cells are empty.
    const anonymous = parseCsv(resultsToCsv(EXPORT_FIXTURES.slice(0, 1)));
    expect(anonymous[1]![name]).toBe('');
  });

  it('writes no cell a spreadsheet would take for a day, a month or a clock time', () => {
    const dateLike = /^\s*\d{1,4}[/.-]\d{1,2}([/.-]\d{1,4})?\s*$/; // 6/12, 20/40, 12-06, 6.12
    const timeLike = /^\s*\d{1,2}:\d{2}(:\d{2})?\s*$/; // 01:02:03
    const isoDate = RESULTS_CSV_COLUMNS.indexOf('patientBirthDate');
    for (const row of rows.slice(1))
      row.forEach((cell, i) => {
        if (i === isoDate) return; // ISO 8601, a date that means the same in every locale
        expect(cell).not.toMatch(timeLike);
        // Plain decimals (0.10, -0.10) are numbers with a dot; anything else shaped like a date is refused.
        if (!/^-?\d+(\.\d+)?$/.test(cell)) expect(cell).not.toMatch(dateLike);
      });
  });

  it('writes the structured correction beside the text as stored', () => {
    const choice = RESULTS_CSV_COLUMNS.indexOf('correctionChoice');
    const stored = RESULTS_CSV_COLUMNS.indexOf('correction');
    const pairs = new Set(rows.slice(1).map((row) => `${row[stored]} -> ${row[choice]}`));
    expect([...pairs].sort()).toEqual([
      ' -> not-recorded',
      'Contact lenses -> contact-lenses',
      'Glasses -> glasses',
      'No glasses -> not-recorded',
      'None -> none',
    ]);
  });

  it('types every cell for the .xlsx: numbers, text Snellen, instants, durations in seconds', () => {
    const [first] = resultsTable(EXPORT_FIXTURES, patient);
    expect(first).toMatchObject({
      date: { kind: 'instant', iso: '2026-01-31T09:30:00.000Z' },
      testMode: { kind: 'boolean', value: false },
      logMAR: { kind: 'number', value: 0.1, decimals: 2 },
      snellen6m: { kind: 'snellen', text: '6/7.5' },
      rounds: { kind: 'number', value: 21 },
      durationSeconds: { kind: 'seconds', value: 3723 },
      patientBirthDate: { kind: 'date', iso: '1985-12-10' },
    });
    // An older record's date that is not an instant stays text rather than becoming a wrong date.
    const [older] = resultsTable([
      { ...EXPORT_FIXTURES[1]!, setup: { ...EXPORT_FIXTURES[1]!.setup, date: '31/01/2026' } },
    ]);
    expect(older?.date).toEqual({ kind: 'text', text: '31/01/2026' });
  });
});

describe('crowding and the viewing distance in the table (issues 23 and 18)', () => {
  const withSloan = EXPORT_FIXTURES.find((r) => r.data.sloan !== undefined)!;
  const sloan = withSloan.data.sloan!;
  const right = sloan.right!;
  const record = {
    ...withSloan,
    data: {
      start: withSloan.data.start,
      end: withSloan.data.end,
      sloan: {
        right: typeof right === 'number' ? right : { ...right, crowded: true },
        viewing: { method: 'camera' as const, distanceMm: 2950, minMm: 2900, maxMm: 3100 },
      },
    },
  };

  it('says how the chart was presented and how the distance was known, in typed cells', () => {
    const [row] = resultsTable([record]);
    expect(row).toMatchObject({
      crowding: { kind: 'text', text: typeof right === 'number' ? 'not recorded' : 'crowded' },
      distanceMethod: { kind: 'text', text: 'camera' },
      distanceMm: { kind: 'number', value: 2950 },
      distanceMinMm: { kind: 'number', value: 2900 },
      distanceMaxMm: { kind: 'number', value: 3100 },
    });
  });

  it('leaves them "not recorded" or empty for an older record, and out of non-acuity rows', () => {
    const rows = resultsTable(EXPORT_FIXTURES);
    for (const row of rows) {
      if (row.measure === null) expect(row.crowding).toBeNull();
      else expect(row.crowding).not.toBeNull();
    }
    const older = resultsTable([{ ...record, data: { ...record.data, sloan: { right: 0.1 } } }])[0]!;
    expect(older).toMatchObject({ crowding: { kind: 'text', text: 'not recorded' }, distanceMethod: null });
  });
});
