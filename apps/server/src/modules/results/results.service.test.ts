import { describe, expect, it } from 'vitest';
import { jsonKeyOf } from '../../lib/json-key';
import type { ResultRow } from './results.repository';
import { storedResultOfText, toStoredResult } from './results.service';

const row: ResultRow = {
  id: '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f',
  user_id: 'f0e1d2c3-b4a5-4697-8877-665544332211',
  session_id: 'ABCD2345',
  setup: { date: '2026-11-27T20:00:00.000Z', units: 'm', correction: 'None', testMode: true },
  data: { start: 1, end: 2, sloan: { right: { va: 0.1, rounds: 24, loopLength: 30, ci95: [0, 0.2] } } },
  created_at: new Date('2026-11-27T20:05:00.000Z'),
  tested_at: new Date('2026-11-27T20:00:00.000Z'),
};
/** The row as a results page reads it: setup and data as text, laid out otherwise than JSON.stringify (as jsonb is). */
const { setup, data, ...rest } = row;
const textRow = {
  ...rest,
  setup_text: JSON.stringify(setup, null, 1),
  data_text: JSON.stringify(data, null, 1),
};

describe('storedResultOfText', () => {
  it('is the same stored result as the row read parsed: keys, order, values and JSON', () => {
    const fromText = storedResultOfText(textRow);
    const parsed = toStoredResult(row);
    expect(Object.keys(fromText)).toEqual(Object.keys(parsed));
    expect(fromText).toEqual(parsed);
    expect(JSON.stringify(fromText)).toBe(JSON.stringify(parsed));
    expect({ ...fromText }).toEqual(parsed);
  });

  it('carries a key made of the id and the database text, the same for the same row, not for another', () => {
    const key = jsonKeyOf(storedResultOfText(textRow))!;
    expect(key).toContain(row.id);
    expect(JSON.parse(key)).toEqual(JSON.parse(JSON.stringify(toStoredResult(row))));
    expect(jsonKeyOf(storedResultOfText(textRow))).toBe(key);
    expect(
      jsonKeyOf(storedResultOfText({ ...textRow, id: '1b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f' })),
    ).not.toBe(key);
    expect(jsonKeyOf(toStoredResult(row))).toBeUndefined();
  });
});
