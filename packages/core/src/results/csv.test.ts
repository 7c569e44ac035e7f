import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CoreInputError } from '../errors/core-input-error';
import { RESULTS_CSV_COLUMNS, csvCell, csvNumeral, resultsToCsv } from './csv';
import type { StoredResultRecord } from './summary';
import { SAMPLE_RESULT, TEST_START } from './export-fixtures';

const result = SAMPLE_RESULT;
const start = TEST_START;
/** A tiny RFC 4180 reader for the round trip. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}
describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    // text that looks like a number is still text: whoever typed it could have typed a formula
    ['-0.10', "'-0.10"],
    ['-1.00', "'-1.00"],
    // what spreadsheets strip or trim before deciding, and the full-width forms
    ['\t=1+1', `"'\t'=1+1"`], // the tab is also a separator: both places are neutralised
    ['\r=1+1', `"'\r=1+1"`],
    ['\n=1+1', `"'\n=1+1"`],
    ['\u0000=1+1', "'\u0000=1+1"],
    ['\ttab first', `"'\ttab first"`],
    ['  =1+1', "'  =1+1"],
    ['\u00a0@SUM(1)', "'\u00a0@SUM(1)"],
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ['\uFF20SUM(1)', "'\uFF20SUM(1)"],
    // a ; or tab inside the text starts a cell where a spreadsheet splits on it
    ['None;=cmd|"/c calc"!A1', `"None;'=cmd|""/c calc""!A1"`],
    ['a; "-2+3', `"a; ""'-2+3"`],
    ['a\t@x', `"a\t'@x"`],
    ['a;b', '"a;b"'],
    ['dash - inside', 'dash - inside'],
    ['6/7.6', '6/7.6'],
    // numbers we produce are numbers
    [-0.1, '-0.1'],
    [-12, '-12'],
    [1e21, '1e+21'],
    [Number.NEGATIVE_INFINITY, "'-Infinity"],
    [csvNumeral('-0.10'), '-0.10'],
    [csvNumeral('12'), '12'],
    [null, ''],
    [undefined, ''],
    [true, 'true'],
  ] as const)('%j → %s', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it('takes only plain decimals as numerals', () => {
    for (const bad of ['=1', '+1', '1e3', '-', '', ' 1', '1.', '−0.10'])
      expect(() => csvNumeral(bad)).toThrow(CoreInputError);
    // a numeral made up by hand is checked as well
    expect(() => csvCell({ numeral: '=1+1' })).toThrow(CoreInputError);
  });

  const FORMULA = '[=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20]';
  const formulaFirst = new RegExp(`^(?:[\\t\\r\\n\\0]|\\s*${FORMULA})`);
  const formulaAfterSeparator = new RegExp(`[;\\t][\\s"]*${FORMULA}`);
  const withoutInsertedQuotes = (text: string) => text.replace(/([;\t][\s"]*)'/g, '$1');

  it('never lets any text start a formula, at its start or after a ; or tab, and keeps it readable', () => {
    const pieces = fc.constantFrom(
      '=',
      '+',
      '-',
      '@',
      '\t',
      '\r',
      '\n',
      '\0',
      ';',
      ',',
      '"',
      ' ',
      '\uFF1D',
      'a',
      '1',
      '.',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        const [[read]] = parseCsv(`${csvCell(text)}\r\n`) as [[string]];
        // a spreadsheet sees no formula: the cell starts with ' or safely, and no ; or tab starts one
        expect(read.startsWith("'") || !formulaFirst.test(read)).toBe(true);
        expect(formulaAfterSeparator.test(read)).toBe(false);
        // and without the quotes put in, it is the text as typed
        const unprefixed = text.startsWith("'") ? read : read.replace(/^'/, '');
        expect(withoutInsertedQuotes(unprefixed)).toBe(withoutInsertedQuotes(text));
      }),
    );
  });

  it('writes every finite number so that it reads back as the same number', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const cell = csvCell(x);
        expect(cell.startsWith("'")).toBe(false);
        expect(Number(cell)).toBe(x === 0 ? 0 : x);
      }),
    );
  });
});

describe('resultsToCsv', () => {
  it('writes one row per result per test per eye with CRLF line ends', () => {
    const csv = resultsToCsv([result]);
    expect(csv.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual([...RESULTS_CSV_COLUMNS]);
    expect(rows.slice(1).map((r) => `${r[6]}/${r[7]}`)).toEqual([
      'sloan/right',
      'sloan/left',
      'duoChrome/right',
      'astigAxis/left',
      'presbyopia/stereo',
    ]);
    const col = (name: (typeof RESULTS_CSV_COLUMNS)[number]) => RESULTS_CSV_COLUMNS.indexOf(name);
    const right = rows[1]!;
    expect(right[col('logMAR')]).toBe('0.10');
    expect(right[col('ci95Low')]).toBe('0.02');
    expect(right[col('ci95High')]).toBe('0.18');
    // Snellen with U+2044 FRACTION SLASH: no spreadsheet reads 6⁄7.5 as a date (issue 24).
    expect(right[col('snellen6m')]).toBe('6\u20447.5');
    expect(right[col('snellen20ft')]).toBe('20\u204425');
    expect(right[col('rounds')]).toBe('21');
    expect(right[col('durationSeconds')]).toBe('3723'); // 01:02:03 as whole seconds: never read as a clock time
    expect(right[col('start')]).toBe('2026-01-31T09:30:00.000Z');
    expect(rows[2]![col('logMAR')]).toBe('-0.10');
    expect(rows[3]![col('result')]).toBe('mixed answers (red, green)');
    expect(rows[5]![col('result')]).toBe('add +1.25 D');
  });

  it('says what each outcome means: measure, finding and meaning (issue 17)', () => {
    const outcomes: StoredResultRecord = {
      ...result,
      data: {
        start,
        end: start + 1000,
        sloan: { right: 0.1 },
        duoChrome: { right: ['red'], left: ['same', 'same', 'green'] },
        astigAxis: {
          right: { endpoint: 90, firstResponseKey: 'same', secondResponseKey: 'same', finding: 'none-found' },
          // An older record: no finding, and its answers do not prove one.
          left: { endpoint: 40, firstResponseKey: 'left', secondResponseKey: 'left' },
        },
        astigPower: { right: { va: 0.3, rounds: 20, loopLength: 20 } },
      },
    };
    const rows = parseCsv(resultsToCsv([outcomes]));
    const col = (name: (typeof RESULTS_CSV_COLUMNS)[number]) => RESULTS_CSV_COLUMNS.indexOf(name);
    // The new columns come after `comparator`, so every earlier column keeps its place.
    const after = col('comparator') + 1;
    expect(RESULTS_CSV_COLUMNS.slice(after, after + 3)).toEqual(['measure', 'finding', 'meaning']);
    const row = (test: string, eye: string) => rows.find((r) => r[6] === test && r[7] === eye)!;
    expect(row('sloan', 'right')[col('measure')]).toBe('visual acuity');
    expect(row('sloan', 'right')[col('finding')]).toBe('');
    expect(row('sloan', 'right')[col('meaning')]).toBe('');
    expect(row('duoChrome', 'right')[col('finding')]).toBe('red');
    expect(row('duoChrome', 'right')[col('meaning')]).toMatch(/^The focus falls short of the retina/);
    expect(row('duoChrome', 'left')[col('finding')]).toBe('balanced');
    expect(row('astigAxis', 'right')[col('finding')]).toBe('none-found');
    expect(row('astigAxis', 'right')[col('result')]).toBe('no astigmatism found');
    expect(row('astigAxis', 'left')[col('finding')]).toBe('not-recorded');
    expect(row('astigAxis', 'left')[col('result')]).toBe('finding not recorded (search ended at 40°)');
    const power = row('astigPower', 'right');
    expect(power[col('measure')]).toBe('grating acuity');
    expect(power[col('logMAR')]).toBe('0.30');
    expect(power[col('result')]).toBe('grating acuity 0.30 logMAR (6/12 equivalent)');
    expect(power[col('meaning')]).toMatch(/not a power in dioptres/);
    expect(power[col('measure')]).not.toMatch(/dioptre/);
  });

  it('carries Diamond rounds and score and spoke visual angles in the appended columns (issue 17)', () => {
    const round = (selected: number, gratingTile: number) => ({
      selected,
      gratingTile,
      correct: selected === gratingTile,
      rotation: [135, 0, 90, 45][selected - 1]! - 45,
      contrast: 8,
    });
    const withOutcomes: StoredResultRecord = {
      ...result,
      data: {
        start,
        end: start + 60_000,
        spokeCircle: {
          right: {
            average: 120,
            diff: 14.142,
            acuityResults: [110, 130],
            visualAngle: { distanceMm: 600, sizes: [2.3, 2.5], average: 2.4, diff: 0.141 },
          },
          left: { average: 120, diff: 14.142, acuityResults: [110, 130] },
        },
        diamond: {
          right: {
            ...round(3, 3),
            rounds: [round(4, 4), round(1, 2), round(3, 3)],
            score: { correct: 2, of: 3 },
          },
          left: { selected: 2, rotation: -45, contrast: 8 },
        },
      },
    };
    const rows = parseCsv(resultsToCsv([withOutcomes]));
    const col = (name: (typeof RESULTS_CSV_COLUMNS)[number]) => RESULTS_CSV_COLUMNS.indexOf(name);
    expect(RESULTS_CSV_COLUMNS.slice(0, col('comparator') + 1)).toHaveLength(22); // earlier columns in place
    const cells = (row: number, ...names: (typeof RESULTS_CSV_COLUMNS)[number][]) =>
      names.map((n) => rows[row]![col(n)]);
    const outcome = ['correctRounds', 'scoredRounds', 'visualAngleDeg', 'visualAngleSpreadDeg'] as const;
    expect(rows.slice(1).map((r) => `${r[6]}/${r[7]}`)).toEqual([
      'spokeCircle/right',
      'spokeCircle/left',
      'diamond/right',
      'diamond/left',
    ]);
    expect(cells(1, ...outcome, 'viewingDistanceMm', 'perRound', 'result')).toEqual([
      '',
      '',
      '2.4',
      '0.141',
      '600',
      '2.3°; 2.5°',
      'average 2.4° (visual angle at 0.60 m), spread 0.14°',
    ]);
    expect(cells(2, ...outcome, 'perRound')).toEqual([
      '',
      '',
      '',
      '',
      '110; 130 canvas units (visual angle: not recorded)',
    ]);
    expect(cells(3, ...outcome, 'perRound', 'result')).toEqual([
      '2',
      '3',
      '',
      '',
      '1: tile 4 (grating 4, found) at 8 %; 2: tile 1 (grating 2, missed) at 8 %; 3: tile 3 (grating 3, found) at 8 %',
      'grating found 2 of 3: not conclusive',
    ]);
    expect(cells(4, 'correctRounds', 'perRound', 'result')).toEqual([
      '',
      'not recorded (last round: tile 2 at contrast 8 %)',
      'tile 2, -45°, contrast 8 (rounds not recorded)',
    ]);
  });

  it('neutralises formulas in free text', () => {
    const evil = { ...result, setup: { ...result.setup, correction: '=cmd|"/c calc"!A1' } };
    const rows = parseCsv(resultsToCsv([evil]));
    expect(rows[1]![RESULTS_CSV_COLUMNS.indexOf('correction')]).toBe('\'=cmd|"/c calc"!A1');
  });

  it('neutralises typed text that looks like a number, and keeps the numbers it produces as numbers', () => {
    const typed = { ...result, setup: { ...result.setup, correction: '-1.00' } };
    const rows = parseCsv(resultsToCsv([typed]));
    const col = (name: (typeof RESULTS_CSV_COLUMNS)[number]) => RESULTS_CSV_COLUMNS.indexOf(name);
    const left = rows[2]!; // sloan, left eye: logMAR -0.10
    expect(left[col('correction')]).toBe("'-1.00");
    expect(left[col('logMAR')]).toBe('-0.10');
    expect(left[col('decimal')]).toBe('1.3');
    const right = rows[1]!;
    expect([right[col('ci95Low')], right[col('ci95High')], right[col('rounds')]]).toEqual([
      '0.02',
      '0.18',
      '21',
    ]);
  });

  it('writes a bound as a bound: censored, comparator on logMAR, no interval, "or better" in the text', () => {
    const bounded: StoredResultRecord = {
      ...result,
      data: {
        start,
        end: start + 60_000,
        landoltC: {
          right: {
            va: 0.5,
            rounds: 12,
            loopLength: 30,
            logMAR: 0.5,
            ci95: [-1, 0.5],
            snellen: '6/19',
            censored: 'better-than',
            bound: 0.5,
            distanceMm: 600,
          },
          left: { va: 1, rounds: 9, loopLength: 30, ci95: [1, 2.5], censored: 'worse-than', bound: 1 },
        },
        tumblingE: { right: { va: 0.1, rounds: 20, loopLength: 30, ci95: [0, 0.2] }, left: 0.3 },
      },
    };
    const rows = parseCsv(resultsToCsv([bounded]));
    const col = (name: (typeof RESULTS_CSV_COLUMNS)[number]) => RESULTS_CSV_COLUMNS.indexOf(name);
    const pick = (row: string[]) =>
      Object.fromEntries(
        (
          [
            'censored',
            'comparator',
            'logMAR',
            'ci95Low',
            'ci95High',
            'snellen6m',
            'decimal',
            'result',
          ] as const
        ).map((c) => [c, row[col(c)]]),
      );
    expect(pick(rows[1]!)).toEqual({
      censored: 'better-than',
      comparator: '<=',
      logMAR: '0.50',
      ci95Low: '',
      ci95High: '',
      snellen6m: '6\u204419',
      decimal: '0.32',
      result: '6/19 or better (0.50 logMAR or better)',
    });
    expect(pick(rows[2]!)).toMatchObject({
      censored: 'worse-than',
      comparator: '>=',
      logMAR: '1.00',
      ci95Low: '',
      result: '6/60 or worse (1.00 logMAR or worse)',
    });
    // Measured rows (and older bare values) leave both columns empty and keep their interval.
    expect(pick(rows[3]!)).toMatchObject({ censored: '', comparator: '', logMAR: '0.10', ci95Low: '0.00' });
    expect(pick(rows[4]!)).toMatchObject({ censored: '', comparator: '', logMAR: '0.30' });
  });

  it('writes only the header for no results', () => {
    expect(resultsToCsv([])).toBe(`${RESULTS_CSV_COLUMNS.join(',')}\r\n`);
  });
});
