import { describe, expect, it } from 'vitest';
import { resultToJson, resultsToJson } from './export';
import type { FhirObservation } from './fhir-resources';
import { resultsToFhirBundle } from './fhir';
import { resultsToCsv } from './csv';
import type { StoredResultRecord } from './summary';
import { FHIR_TEST_OPTIONS, SAMPLE_RESULT, TEST_START } from './export-fixtures';

const result = SAMPLE_RESULT;
const start = TEST_START;
const FHIR = FHIR_TEST_OPTIONS;
describe('JSON exports', () => {
  it('writes the stored result, with each acuity record’s snellen by the notation rule', () => {
    const expected = {
      ...result,
      data: {
        ...result.data,
        sloan: {
          right: { va: 0.1, rounds: 21, loopLength: 30, ci95: [0.02, 0.18], snellen: '6/7.5' },
          left: -0.1,
        },
      },
      // What the outcomes mean, beside the stored data (issue 17).
      outcomes: {
        duoChrome: { right: expect.objectContaining({ code: 'mixed', title: 'Mixed answers' }) },
        astigAxis: { left: expect.objectContaining({ code: 'not-recorded' }) },
      },
    };
    expect(JSON.parse(resultToJson(result))).toEqual(expected);
    expect(JSON.parse(resultsToJson([result]))).toEqual({ results: [expected] });
    expect(result.data.sloan?.right).not.toHaveProperty('snellen'); // the input is not changed
  });

  it('derives an older record’s snellen from its logMAR, as the screen, CSV and FHIR do', () => {
    // Stored by an older run: "6/11" (off the chart lines) for logMAR 0.26, and a run-end label elsewhere.
    const older = {
      ...result,
      data: {
        sloan: { right: { va: 0.26, rounds: 20, loopLength: 20, snellen: '6/11' } },
        landoltC: { left: { va: 0.146, logMAR: 0.146, rounds: 20, loopLength: 20, snellen: '6/9.5' } },
      },
    } as StoredResultRecord;
    const json = JSON.parse(resultToJson(older)) as StoredResultRecord;
    expect(json.data.sloan?.right).toMatchObject({ va: 0.26, snellen: '6/12' });
    expect(json.data.landoltC?.left).toMatchObject({ logMAR: 0.146, snellen: '6/7.5' });
    const fhir = resultsToFhirBundle([older], FHIR)
      .entry.map((e) => e.resource)
      .filter((r): r is FhirObservation => r.resourceType === 'Observation');
    const snellen = (o: FhirObservation) =>
      o.component?.find((c) => c.code.text === 'Snellen (6 m)')?.valueString;
    expect(fhir.map(snellen)).toEqual(['6/12', '6/7.5']);
    const csv = resultsToCsv([older]).split('\r\n');
    expect(csv[1]).toContain(',6\u204412,20\u204440,0.55,');
    expect(csv[2]).toContain(',6\u20447.5,20\u204425,0.71,');
  });
});

describe('outcomes in words (issue 17)', () => {
  const outcomes: StoredResultRecord = {
    ...result,
    setup: { ...result.setup, correction: 'Glasses' },
    data: {
      start,
      end: start + 1000,
      duoChrome: { right: ['red', 'red', 'same'] },
      astigAxis: {
        right: { endpoint: 90, firstResponseKey: 'same', secondResponseKey: 'same', finding: 'none-found' },
        left: { endpoint: 40, firstResponseKey: 'left', secondResponseKey: 'left', finding: 'axis' },
      },
      astigPower: { right: { va: 0.3, rounds: 20, loopLength: 20, ci95: [0.2, 0.4] } },
    },
  };
  const fhir = resultsToFhirBundle([outcomes], FHIR).entry.map((e) => e.resource as FhirObservation);
  const find = (text: string) => fhir.find((o) => o.code.text === text);

  it('codes Astigmatism Power as a grating acuity: no visual-acuity LOINC, equivalents labelled', () => {
    const power = find('Grating acuity (Astigmatism Power), right eye');
    expect(power).toBeDefined();
    expect(power?.code.coding).toBeUndefined();
    expect(power?.valueQuantity).toMatchObject({ value: 0.3, code: '{logMAR}' });
    expect(power?.component?.map((c) => c.code.text)).toEqual([
      'Correction worn',
      'Snellen (6 m) equivalent',
      'Snellen (20 ft) equivalent',
      'Decimal acuity equivalent',
      '95 % interval, low (logMAR)',
      '95 % interval, high (logMAR)',
    ]);
    expect(power?.component?.[1]?.valueString).toBe('6/12 equivalent');
    expect(power?.note?.map((n) => n.text)).toEqual([
      'Correction worn: own glasses',
      expect.stringMatching(/a grating acuity, not a power in dioptres/),
    ]);
    expect(JSON.stringify(power)).not.toMatch(/\[diop\]/);
  });

  it('gives the axis finding as valueString, a Finding component and the meaning as a note', () => {
    const right = find('Astigmatism Axis, right eye');
    expect(right?.valueString).toBe('no astigmatism found');
    expect(right?.component?.slice(0, 2)).toEqual([
      { code: { text: 'Finding' }, valueString: 'none-found' },
      {
        code: { text: 'Search endpoint (not an axis)' },
        valueQuantity: expect.objectContaining({ value: 90, code: 'deg' }),
      },
    ]);
    expect(right?.note?.[1]?.text).toMatch(/^No astigmatism found: Both patterns looked equally clear/);
    const left = find('Astigmatism Axis, left eye');
    expect(left?.valueString).toBe('axis about 40°');
    expect(left?.component?.[1]).toMatchObject({ code: { text: 'Axis' }, valueQuantity: { value: 40 } });
  });

  it('gives the duochrome balance, the counts per answer and the hint', () => {
    const duo = find('DuoChrome, right eye');
    expect(duo?.valueString).toBe('red side sharper (red, red, same)');
    expect(duo?.component?.slice(0, 4).map((c) => c.valueString ?? c.valueQuantity?.value)).toEqual([
      'red',
      2,
      0,
      1,
    ]);
    expect(duo?.note?.[1]?.text).toMatch(/^Red side sharper: The focus falls short of the retina/);
  });

  it('adds outcomes beside the stored data in JSON, the record itself unchanged', () => {
    const json = JSON.parse(resultToJson(outcomes)) as StoredResultRecord & {
      outcomes: Record<string, Record<string, { code: string; title: string }>>;
    };
    // The stored data, with only the notation rule's snellen added to the acuity record (as before).
    expect(json.data).toEqual({
      ...outcomes.data,
      astigPower: { right: { va: 0.3, rounds: 20, loopLength: 20, ci95: [0.2, 0.4], snellen: '6/12' } },
    });
    expect(json.outcomes.astigAxis).toEqual({
      right: expect.objectContaining({ code: 'none-found', title: 'No astigmatism found' }),
      left: expect.objectContaining({ code: 'axis', title: 'Axis about 40°' }),
    });
    expect(json.outcomes.duoChrome?.right).toMatchObject({ code: 'red' });
    expect(json.outcomes.astigPower?.right).toMatchObject({
      code: 'grating-acuity',
      title: 'Grating acuity (logMAR)',
    });
  });
});
