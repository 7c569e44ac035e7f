import { describe, expect, it } from 'vitest';
import { LOINC_VISUAL_ACUITY_UNCORRECTED, deterministicUuid, type FhirObservation } from './fhir-resources';
import { resultToJson } from './export';
import { resultsToFhirBundle } from './fhir';
import type { StoredResultRecord } from './summary';
import {
  EXPORT_FIXTURES,
  FHIR_TEST_OPTIONS,
  SAMPLE_RESULT,
  TEST_CALIBRATION,
  TEST_START,
} from './export-fixtures';

/*
 * The FHIR export's resources (split from export.test.ts; the transaction is in fhir-transaction.test.ts,
 * the validator in fhir-validator.test.ts).
 */

const result = SAMPLE_RESULT;
const start = TEST_START;
const FHIR = FHIR_TEST_OPTIONS;

describe('resultsToFhirBundle', () => {
  const bundle = resultsToFhirBundle([result], {
    ...FHIR,
    patient: { id: 'user 7', name: 'Ada Lovelace', birthDate: '1985-12-10' },
  });
  const observations = bundle.entry
    .map((e) => e.resource)
    .filter((r): r is FhirObservation => r.resourceType === 'Observation');

  it('is a transaction bundle with a patient and one Observation per test per eye', () => {
    expect(bundle.resourceType).toBe('Bundle');
    expect(bundle.type).toBe('transaction');
    expect(bundle.entry[0]?.resource).toEqual({
      resourceType: 'Patient',
      id: 'user-7',
      identifier: [{ system: 'https://visus.test/fhir/identifier/patient', value: 'user 7' }],
      name: [{ text: 'Ada Lovelace' }],
      birthDate: '1985-12-10',
    });
    expect(observations).toHaveLength(5);
    expect(bundle.entry.map((e) => e.resource.resourceType)).toEqual([
      'Patient',
      ...observations.map(() => 'Observation'),
      'Provenance',
    ]);
    for (const e of bundle.entry)
      expect(e.fullUrl).toMatch(
        /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    expect(new Set(bundle.entry.map((e) => e.fullUrl)).size).toBe(bundle.entry.length);
  });

  it('gives every Observation status, category exam, a code, a value, effectiveDateTime and subject', () => {
    for (const o of observations) {
      expect(o.resourceType).toBe('Observation');
      expect(o.status).toBe('final');
      expect(o.category[0]?.coding?.[0]).toMatchObject({ code: 'exam' });
      expect(o.code.coding?.length || o.code.text).toBeTruthy();
      expect(o.valueQuantity ?? o.valueString).toBeDefined();
      expect(o.effectiveDateTime).toBe('2026-01-31T09:30:00.000Z');
      expect(o.subject?.reference).toBe(bundle.entry[0]?.fullUrl);
      expect(o.id).toMatch(/^[A-Za-z0-9.-]{1,64}$/);
    }
  });

  it('codes visual acuity per eye with LOINC, logMAR in UCUM and the eye in SNOMED CT', () => {
    const [right, left] = observations;
    expect(right?.code.coding?.[0]).toEqual({
      system: 'http://loinc.org',
      ...LOINC_VISUAL_ACUITY_UNCORRECTED.right,
    });
    expect(right?.code.coding?.[0]).toEqual({
      system: 'http://loinc.org',
      code: '98499-7',
      display: 'Visual acuity uncorrected Right eye',
    });
    expect(left?.code.coding?.[0]).toEqual({
      system: 'http://loinc.org',
      code: '98498-9',
      display: 'Visual acuity uncorrected Left eye',
    });
    // The chart is the method; no Snellen chart is claimed.
    expect(right?.method?.text).toBe('Sloan letters, computerised adaptive single-optotype chart (Visus)');
    expect(right?.valueQuantity).toEqual({
      value: 0.1,
      unit: 'logMAR',
      system: 'http://unitsofmeasure.org',
      code: '{logMAR}',
    });
    expect(right?.bodySite?.coding?.[0]).toEqual({
      system: 'http://snomed.info/sct',
      code: '18944008',
      display: 'Right eye structure',
    });
    expect(left?.bodySite?.coding?.[0]?.code).toBe('8966001');
    expect(right?.component?.find((c) => c.code.text === 'Snellen (6 m)')?.valueString).toBe('6/7.5');
    expect(
      right?.component?.find((c) => c.code.text?.startsWith('95 % interval, high'))?.valueQuantity?.value,
    ).toBe(0.18);
  });

  it('uses the corrected codes when a correction was worn', () => {
    const worn = { ...result, setup: { ...result.setup, correction: 'Glasses' } };
    const codes = resultsToFhirBundle([worn], FHIR)
      .entry.slice(0, 2)
      .map((e) => (e.resource as FhirObservation).code.coding?.[0]?.code);
    // Own glasses: habitual visual acuity (DICOM 111686), never LOINC's "best corrected" (65893-0, 65897-1).
    expect(codes).toEqual(['111686', '111686']);
  });

  it('writes other tests as valueString with components', () => {
    const axis = observations.find((o) => o.code.text === 'Astigmatism Axis, left eye');
    // An older record without a finding, whose answers do not prove one (issue 17).
    expect(axis?.valueString).toBe('finding not recorded (search ended at 90°)');
    expect(axis?.component?.[0]).toEqual({ code: { text: 'Finding' }, valueString: 'not-recorded' });
    expect(axis?.component?.[1]).toMatchObject({
      code: { text: 'Search endpoint (finding not recorded)' },
      valueQuantity: { value: 90, code: 'deg' },
    });
    const presbyopia = observations.find((o) => o.code.text?.startsWith('Presbyopia'));
    expect(presbyopia?.bodySite?.coding?.[0]?.code).toBe('40638003');
    expect(presbyopia?.component?.[0]?.valueQuantity).toMatchObject({ value: 1.25, code: '[diop]' });
    // A record from before the reading distance and age were kept has just the add and the answer.
    expect(presbyopia?.component?.map((c) => c.code.text)).toEqual(['Near add', 'Answer (distance sphere)']);
    // The answer is a distance sphere in dioptres, like the add (issue 24: it was unit 1).
    expect(presbyopia?.component?.[1]?.valueQuantity).toMatchObject({
      value: 3,
      unit: 'dioptre',
      code: '[diop]',
    });
  });

  it('adds the reading distance and the age the add was worked out from, when the record has them', () => {
    const withInputs = {
      ...result,
      data: {
        ...result.data,
        presbyopia: { stereo: { add: 1.5, answer: 3, distance: 'Below 1.6m', age: 48 } },
      },
    } as StoredResultRecord;
    const presbyopia = resultsToFhirBundle([withInputs], FHIR)
      .entry.map((e) => e.resource as FhirObservation)
      .find((o) => o.code.text?.startsWith('Presbyopia'));
    expect(presbyopia?.component?.slice(2)).toEqual([
      { code: { text: 'Reading distance' }, valueString: 'Below 1.6m' },
      {
        code: { text: 'Age used for the add' },
        valueQuantity: { value: 48, unit: 'years', system: 'http://unitsofmeasure.org', code: 'a' },
      },
    ]);
  });

  it('writes Diamond rounds, score and meaning, and spoke visual angles; older records say not recorded', () => {
    const round = (selected: number, gratingTile: number) => ({
      selected,
      gratingTile,
      correct: selected === gratingTile,
      rotation: [135, 0, 90, 45][selected - 1]! - 45,
      contrast: 8,
    });
    const visualAngle = { distanceMm: 600, sizes: [2.3, 2.5], average: 2.4, diff: 0.141 };
    const withOutcomes = {
      ...result,
      data: {
        start,
        end: start + 60_000,
        spokeCircle: {
          right: { average: 120, diff: 14.142, acuityResults: [110, 130], visualAngle },
          left: { average: 120, diff: 14.142, acuityResults: [110, 130] },
        },
        diamond: {
          right: {
            ...round(4, 4),
            rounds: [round(1, 1), round(2, 2), round(4, 4)],
            score: { correct: 3, of: 3 },
          },
          left: { selected: 2, rotation: -45, contrast: 8 },
        },
      },
    } as StoredResultRecord;
    const [circleR, circleL, diamondR, diamondL] = resultsToFhirBundle([withOutcomes], FHIR).entry.map(
      (e) => e.resource as FhirObservation,
    );
    const byText = (o: FhirObservation | undefined, text: string) =>
      o?.component?.find((c) => c.code.text === text);
    expect(circleR?.valueString).toBe('average 2.4° (visual angle at 0.60 m), spread 0.14°');
    expect(byText(circleR, 'Circle diameter, average (visual angle)')?.valueQuantity).toMatchObject({
      value: 2.4,
      code: 'deg',
    });
    expect(byText(circleR, 'Viewing distance')?.valueQuantity).toMatchObject({ value: 600, code: 'mm' });
    expect(byText(circleR, 'Circle diameter, round 2 (visual angle)')?.valueQuantity?.value).toBe(2.5);
    expect(byText(circleL, 'Circle diameter (visual angle)')?.valueString).toBe('not recorded');
    expect(diamondR?.valueString).toBe('grating found 3 of 3: seen at 8 % contrast');
    expect(byText(diamondR, 'Rounds with the grating found')?.valueQuantity?.value).toBe(3);
    expect(byText(diamondR, 'Rounds')?.valueQuantity?.value).toBe(3);
    expect(byText(diamondR, 'Meaning')?.valueString).toMatch(/^Found the grating in 3 of 3 rounds/);
    expect(byText(diamondR, 'Round 3')?.valueString).toBe(
      'tile 4 chosen, grating on tile 4: found (contrast 8 %)',
    );
    expect(diamondL?.valueString).toBe('tile 2, -45°, contrast 8 (rounds not recorded)');
    expect(byText(diamondL, 'Rounds')?.valueString).toBe('not recorded');
    // JSON carries the new fields as stored.
    expect(JSON.parse(resultToJson(withOutcomes)).data.diamond.right.score).toEqual({ correct: 3, of: 3 });
  });

  it('writes a bound with valueQuantity.comparator, no interval and the reason (FHIR R4 Quantity)', () => {
    const bounded: StoredResultRecord = {
      ...result,
      setup: { ...result.setup, correction: 'Glasses' },
      data: {
        start: result.data.start,
        end: result.data.end,
        landoltC: {
          right: {
            va: 0.5,
            rounds: 12,
            loopLength: 30,
            logMAR: 0.5,
            ci95: [-1, 0.5],
            censored: 'better-than',
            bound: 0.5,
            distanceMm: 600,
          },
          left: { va: 1, rounds: 9, loopLength: 30, ci95: [1, 2.5], censored: 'worse-than', bound: 1 },
        },
      },
    };
    const [right, left] = resultsToFhirBundle([bounded], FHIR).entry.map(
      (e) => e.resource as FhirObservation,
    );
    expect(right?.valueQuantity).toEqual({
      value: 0.5,
      comparator: '<=',
      unit: 'logMAR',
      system: 'http://unitsofmeasure.org',
      code: '{logMAR}',
    });
    expect(right?.component).toEqual([
      {
        code: { text: 'Correction worn' },
        valueCodeableConcept: {
          coding: [{ system: 'http://snomed.info/sct', code: '50121007', display: 'Eye glasses, device' }],
          text: 'own glasses',
        },
      },
      { code: { text: 'Snellen (6 m)' }, valueString: '6/19 or better' },
      { code: { text: 'Snellen (20 ft)' }, valueString: '20/63 or better' },
      {
        code: { text: 'Decimal acuity' },
        valueQuantity: {
          value: 0.32, // the decimal as written everywhere: two significant digits
          comparator: '>=',
          unit: '1',
          system: 'http://unitsofmeasure.org',
          code: '1',
        },
      },
    ]);
    expect(right?.note).toEqual([
      { text: 'Correction worn: own glasses' },
      {
        text: 'Not measured beyond the range this screen could draw: logMAR <= 0.50, the smallest line this screen can draw at 0.6 m; no 95 % interval.',
      },
    ]);
    expect(right).not.toHaveProperty('interpretation');
    expect(left?.valueQuantity).toMatchObject({ value: 1, comparator: '>=' });
    expect(left?.component?.map((c) => c.valueQuantity?.comparator ?? c.valueString)).toEqual([
      undefined,
      '6/60 or worse',
      '20/200 or worse',
      '<=',
    ]);
    expect(left?.note?.[1]?.text).toContain('the largest line this screen can draw at the distance used');
  });

  it('writes a measured value with no comparator and its interval (unchanged)', () => {
    const [right] = resultsToFhirBundle([result], FHIR).entry.map((e) => e.resource as FhirObservation);
    expect(right?.valueQuantity).not.toHaveProperty('comparator');
    expect(right?.component?.every((c) => c.valueQuantity?.comparator === undefined)).toBe(true);
    expect(right?.component?.map((c) => c.code.text)).toContain('95 % interval, low (logMAR)');
    expect(right?.note).toEqual([{ text: 'Correction worn: no correction' }]);
  });

  it('is deterministic and has no subject without a patient', () => {
    expect(resultsToFhirBundle([result], FHIR)).toEqual(resultsToFhirBundle([result], FHIR));
    expect(resultsToFhirBundle([result], FHIR).entry.every((e) => !('subject' in e.resource))).toBe(true);
    expect(deterministicUuid('a')).not.toBe(deterministicUuid('b'));
  });
});

describe('resultsToFhirBundle: codes, Device and Provenance (issue 17 item 4)', () => {
  const calibration = TEST_CALIBRATION;
  const acuity = { va: 0.1, rounds: 20, loopLength: 30, distanceMm: 600 };
  const calibrated = (id: string, correction = 'Glasses'): StoredResultRecord => ({
    ...result,
    _id: id,
    setup: { ...result.setup, correction, calibration },
    data: { start, end: start + 60_000, landoltC: { right: acuity, left: acuity } },
  });
  const patient = { id: 'u1', name: 'Ada Lovelace', birthDate: '1985-12-10' };
  const resources = (bundle: ReturnType<typeof resultsToFhirBundle>) => bundle.entry.map((e) => e.resource);

  it.each([
    ['None', 'sloan', ['98499-7', '98498-9'], 'Sloan letters'],
    ['none', 'landoltC', ['98499-7', '98498-9'], 'Landolt C'],
    // Own glasses or lenses: habitual visual acuity (DICOM 111686), never "best corrected".
    ['Glasses', 'tumblingE', ['111686', '111686'], 'Tumbling E'],
    ['Contact lenses', 'landoltC', ['111686', '111686'], 'Landolt C'],
    // No recorded choice (nothing, or an older record's free text): visual acuity, correction not recorded.
    ['', 'landoltC', ['363983007', '363983007'], 'Landolt C'],
    ['No glasses', 'sloan', ['363983007', '363983007'], 'Sloan letters'],
    ['Without glasses', 'tumblingE', ['363983007', '363983007'], 'Tumbling E'],
  ] as const)('correction %j, %s: right and left codes %j, method %s', (correction, test, codes, chart) => {
    const r: StoredResultRecord = {
      ...result,
      setup: { ...result.setup, correction },
      data: { start, end: start + 1, [test]: { right: acuity, left: acuity } },
    };
    const observations = resources(resultsToFhirBundle([r], FHIR)).filter(
      (x): x is FhirObservation => x.resourceType === 'Observation',
    );
    expect(observations.map((o) => o.code.coding?.[0]?.code)).toEqual(codes);
    for (const o of observations)
      expect(o.method?.text).toMatch(new RegExp(`^${chart}, computerised adaptive`));
  });

  it('adds a Device with the calibration and refers to it from the Observations and the Provenance', () => {
    const bundle = resultsToFhirBundle([calibrated('r1')], { ...FHIR, patient });
    const [first, device, right, left, prov] = bundle.entry;
    expect(first?.resource.resourceType).toBe('Patient');
    expect(device?.resource).toEqual({
      resourceType: 'Device',
      id: expect.stringMatching(/^screen-[0-9a-f-]{36}$/),
      identifier: [
        {
          system: 'https://visus.test/fhir/identifier/device',
          value: expect.stringMatching(/^[0-9a-f-]{36}$/),
        },
      ],
      deviceName: [{ name: 'Chrome 131 on Linux', type: 'user-friendly-name' }],
      type: { text: 'Screen and web browser of a self-administered vision test, as calibrated' },
      property: [
        { type: { text: 'Calibration method' }, valueCode: [{ text: 'card' }] },
        {
          type: { text: 'Screen scale (CSS px per mm)' },
          valueQuantity: [{ value: 3.7795, unit: 'px/mm', system: 'http://unitsofmeasure.org', code: '/mm' }],
        },
        {
          type: { text: 'Viewing distance' },
          valueQuantity: [{ value: 600, unit: 'mm', system: 'http://unitsofmeasure.org', code: 'mm' }],
        },
        {
          type: { text: 'Device pixel ratio' },
          valueQuantity: [{ value: 1.25, unit: '1', system: 'http://unitsofmeasure.org', code: '1' }],
        },
        {
          type: { text: 'Display gamma' },
          valueQuantity: [{ value: 2.2, unit: '1', system: 'http://unitsofmeasure.org', code: '1' }],
        },
      ],
      patient: { reference: first?.fullUrl },
      note: [{ text: `User agent: ${calibration.userAgent}` }],
    });
    for (const o of [right, left]) {
      expect(o?.resource.resourceType).toBe('Observation');
      expect((o?.resource as FhirObservation).device).toEqual({ reference: device?.fullUrl });
    }
    expect(prov?.resource).toEqual({
      resourceType: 'Provenance',
      id: 'r1-provenance',
      target: [{ reference: right?.fullUrl }, { reference: left?.fullUrl }],
      occurredPeriod: { start: new Date(start).toISOString(), end: new Date(start + 60_000).toISOString() },
      recorded: '2026-01-31T09:45:00.000Z',
      activity: { text: 'Self-administered vision screening on a calibrated screen (Visus)' },
      agent: [
        {
          type: {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/provenance-participant-type',
                code: 'performer',
                display: 'Performer',
              },
            ],
          },
          who: { reference: first?.fullUrl, display: 'Ada Lovelace' },
        },
      ],
      entity: [
        {
          role: 'source',
          what: {
            reference: device?.fullUrl,
            display: 'Screen calibration: 3.780 px/mm at 0.60 m (card method, device pixel ratio 1.25)',
          },
        },
        { role: 'source', what: { display: 'Correction worn: own glasses' } },
      ],
    });
  });

  it('writes one Device for results measured with the same calibration, and a Provenance for each', () => {
    const bundle = resultsToFhirBundle([calibrated('r1'), calibrated('r2', 'None')], { ...FHIR, patient });
    const types = resources(bundle).map((r) => r.resourceType);
    expect(types.filter((t) => t === 'Device')).toHaveLength(1);
    expect(types.filter((t) => t === 'Provenance')).toHaveLength(2);
    const other = resultsToFhirBundle(
      [
        calibrated('r1'),
        {
          ...calibrated('r2'),
          setup: { ...calibrated('r2').setup, calibration: { ...calibration, gamma: null } },
        },
      ],
      FHIR,
    );
    const devices = resources(other).filter((r) => r.resourceType === 'Device');
    expect(devices).toHaveLength(2);
    expect(devices[1]).toMatchObject({
      property: expect.arrayContaining([
        { type: { text: 'Display gamma' }, valueCode: [{ text: 'not calibrated (gamma 1 assumed)' }] },
      ]),
    });
  });

  it('exports an older result without a calibration: no Device, a Provenance saying "not recorded"', () => {
    const bundle = resultsToFhirBundle([result], FHIR);
    const all = resources(bundle);
    expect(all.some((r) => r.resourceType === 'Device')).toBe(false);
    expect(all.some((r) => r.resourceType === 'Observation' && 'device' in r)).toBe(false);
    const prov = all.find((r) => r.resourceType === 'Provenance');
    expect(prov).toMatchObject({
      agent: [{ who: { display: 'The person tested (self-administered)' } }],
      entity: [
        { role: 'source', what: { display: 'Screen calibration: not recorded' } },
        { role: 'source', what: { display: 'Correction worn: no correction' } },
      ],
    });
    expect(prov && 'target' in prov ? prov.target : []).toHaveLength(5);
  });

  it('has every reference point at an entry of the bundle', () => {
    const bundle = resultsToFhirBundle([calibrated('r1'), result], { ...FHIR, patient });
    const urls = new Set(bundle.entry.map((e) => e.fullUrl));
    const references: string[] = [];
    JSON.stringify(bundle, (key, value: unknown) => {
      if (key === 'reference' && typeof value === 'string') references.push(value);
      return value;
    });
    expect(references.length).toBeGreaterThan(10);
    for (const reference of references) expect(urls.has(reference)).toBe(true);
  });
});

describe('resultsToFhirBundle: crowding and how the distance was known (issues 18 and 23)', () => {
  const record = EXPORT_FIXTURES.find((r) => r._id === 'crowded-with-distances')!;
  const observations = resultsToFhirBundle([record], FHIR).entry.map((e) => e.resource as FhirObservation);
  const of = (test: string, eye: string) =>
    observations.find((o) => o.identifier[0]!.value === `crowded-with-distances/${test}/${eye}`)!;
  const component = (o: FhirObservation, text: string) => o.component?.filter((c) => c.code.text === text);

  it('says a crowded acuity is crowded, in its method and a component; an uncrowded one says so too', () => {
    const crowded = of('sloan', 'right');
    expect(crowded.method?.text).toBe(
      'Sloan letters, computerised adaptive single-optotype chart with flanking bars (Visus)',
    );
    expect(component(crowded, 'Crowding')).toEqual([
      { code: { text: 'Crowding' }, valueString: 'crowded (optotype between flanking bars)' },
    ]);
    const single = of('landoltC', 'right');
    expect(single.method?.text).not.toContain('flanking');
    expect(component(single, 'Crowding')?.[0]?.valueString).toBe('uncrowded (single optotype)');
  });

  it('gives the distance in mm, the range the camera saw and how the distance was known', () => {
    expect(component(of('sloan', 'left'), 'Viewing distance')?.[0]?.valueQuantity).toMatchObject({
      value: 3000,
      code: 'mm',
    });
    expect(component(of('sloan', 'left'), 'Viewing distance, range')?.[0]?.valueRange).toMatchObject({
      low: { value: 2900, code: 'mm' },
      high: { value: 3100, code: 'mm' },
    });
    expect(component(of('sloan', 'left'), 'Viewing distance, how known')?.[0]?.valueString).toBe(
      'distance measured by camera',
    );
    expect(component(of('landoltC', 'right'), 'Viewing distance, how known')?.[0]?.valueString).toBe(
      'distance estimated with the blind-spot check',
    );
    const near = of('presbyopia', 'stereo');
    expect(component(near, 'Viewing distance')?.[0]?.valueQuantity?.value).toBe(400);
    expect(component(near, 'Viewing distance, range')).toEqual([]);
  });

  it('does not give a spoke test’s distance twice, and says nothing of an older record’s', () => {
    expect(component(of('spokeCircle', 'right'), 'Viewing distance')).toHaveLength(1);
    expect(component(of('spokeCircle', 'right'), 'Viewing distance, how known')?.[0]?.valueString).toBe(
      'distance typed',
    );
    const older = resultsToFhirBundle([result], FHIR).entry.map((e) => e.resource as FhirObservation);
    for (const o of older) {
      expect(o.component?.some((c) => c.code.text?.startsWith('Viewing distance') ?? false) ?? false).toBe(
        false,
      );
      expect(o.component?.some((c) => c.code.text === 'Crowding') ?? false).toBe(false);
    }
  });
});
