import type { DiamondEyeResult } from '../diamond/diamond';
import { diamondOutcome } from '../diamond/diamond-outcome';
import { CoreInputError } from '../errors/core-input-error';
import { testDefinition, type TestId } from '../flow/test-definitions';
import { axisFindingOf, type AxisResult } from '../astigmatism/astigmatism-axis';
import { duochromeCounts } from '../duochrome/duochrome';
import { acuityMeasure, asEquivalent } from './acuity-measure';
import { eyeOutcome } from './eye-outcome';
import { acuityNotations, qualified, type StoredAcuity } from './notation';
import { eyeFigure, isAcuityTest, resultEntries, type ResultEye, type StoredResultRecord } from './summary';
import { browserName, calibrationText, gammaText } from './report';
import type { PresbyopiaResult, ResultCalibration } from './results';
import type { SpokeVisualAngle } from '../spoke/spoke-angle';

import {
  LOINC_SYSTEM,
  SNOMED_SYSTEM,
  UCUM_SYSTEM,
  OBSERVATION_CATEGORY_SYSTEM,
  LOINC_VISUAL_ACUITY,
  ACUITY_CHART_METHOD,
  PROVENANCE_PARTICIPANT_SYSTEM,
  SNOMED_EYE,
  isUncorrected,
  deterministicUuid,
  type FhirCodeableConcept,
  type FhirQuantity,
  type FhirObservationComponent,
  type FhirObservation,
  type FhirPatient,
  type FhirReference,
  type FhirDevice,
  type FhirProvenance,
  type FhirBundle,
  type FhirPatientInput,
} from './fhir-resources';

/*
 * A FHIR R4 Bundle of Observations for a clinic, generated on the client from API data (docs/results.md
 * "FHIR"). The JSON export is in ./export, the CSV in ./csv.
 */

/** A FHIR id: [A-Za-z0-9-.]{1,64}; anything else becomes '-'. */
function fhirId(raw: string): string {
  const id = raw.replace(/[^A-Za-z0-9.-]/g, '-').slice(0, 64);
  return id.length > 0 ? id : 'x';
}

const logMarQuantity = (value: number): FhirQuantity => ({
  value: Number(value.toFixed(4)),
  unit: 'logMAR',
  system: UCUM_SYSTEM,
  code: '{logMAR}',
});
const degrees = (value: number): FhirQuantity => ({
  value,
  unit: 'degrees',
  system: UCUM_SYSTEM,
  code: 'deg',
});
const plain = (value: number, unit = '1'): FhirQuantity => ({ value, unit, system: UCUM_SYSTEM, code: unit });
const textCode = (text: string): FhirCodeableConcept => ({ text });

/**
 * A spoke eye's visual angle (issue 17) as components, degrees (UCUM `deg`) and the viewing distance
 * (`mm`); an older record without it says "not recorded".
 */
function visualAngleComponents(
  what: string,
  angle: SpokeVisualAngle | undefined,
): FhirObservationComponent[] {
  if (!angle) return [{ code: textCode(`${what} (visual angle)`), valueString: 'not recorded' }];
  return [
    { code: textCode(`${what}, average (visual angle)`), valueQuantity: degrees(angle.average) },
    { code: textCode(`${what}, spread (visual angle)`), valueQuantity: degrees(angle.diff) },
    {
      code: textCode('Viewing distance'),
      valueQuantity: { value: angle.distanceMm, unit: 'mm', system: UCUM_SYSTEM, code: 'mm' },
    },
    ...angle.sizes.map((size, i) => ({
      code: textCode(`${what}, round ${i + 1} (visual angle)`),
      valueQuantity: degrees(size),
    })),
  ];
}

/** Diamond's score, its meaning and each round (issue 17); an older record: rounds not recorded. */
function diamondRoundComponents(v: DiamondEyeResult): FhirObservationComponent[] {
  const outcome = diamondOutcome(v);
  if (!outcome.score || !v.rounds) return [{ code: textCode('Rounds'), valueString: 'not recorded' }];
  return [
    { code: textCode('Rounds with the grating found'), valueQuantity: plain(outcome.score.correct) },
    { code: textCode('Rounds'), valueQuantity: plain(outcome.score.of) },
    { code: textCode('Meaning'), valueString: outcome.text },
    ...v.rounds.map((r, i) => ({
      code: textCode(`Round ${i + 1}`),
      valueString: `tile ${r.selected} chosen, grating on tile ${r.gratingTile}: ${r.correct ? 'found' : 'missed'} (contrast ${r.contrast} %)`,
    })),
  ];
}

/** Components that spell out a non-acuity outcome field by field. */
function detailComponents(test: TestId, value: unknown): FhirObservationComponent[] {
  switch (test) {
    case 'astigAxis': {
      const v = value as AxisResult;
      const finding = axisFindingOf(v);
      // Only an 'axis' finding makes the endpoint an axis; otherwise it is where the search stopped.
      const endpointLabel =
        finding === 'axis'
          ? 'Axis'
          : finding === 'not-recorded'
            ? 'Search endpoint (finding not recorded)'
            : 'Search endpoint (not an axis)';
      return [
        { code: textCode('Finding'), valueString: finding },
        { code: textCode(endpointLabel), valueQuantity: degrees(v.endpoint) },
        { code: textCode('First response'), valueString: v.firstResponseKey ?? 'none' },
        { code: textCode('Second response'), valueString: v.secondResponseKey ?? 'none' },
      ];
    }
    case 'spokeCircle': {
      const v = value as { average: number; diff: number; visualAngle?: SpokeVisualAngle };
      return [
        { code: textCode('Average size (canvas units)'), valueQuantity: plain(v.average) },
        { code: textCode('Spread (canvas units)'), valueQuantity: plain(v.diff) },
        ...visualAngleComponents('Circle diameter', v.visualAngle),
      ];
    }
    case 'spokeEllipse': {
      const v = value as {
        averageWidth: number;
        averageRotation: number;
        diffWidth: number;
        diffRotation: number;
        visualAngle?: SpokeVisualAngle;
      };
      return [
        { code: textCode('Average width (canvas units)'), valueQuantity: plain(v.averageWidth) },
        { code: textCode('Width spread (canvas units)'), valueQuantity: plain(v.diffWidth) },
        { code: textCode('Average rotation'), valueQuantity: degrees(v.averageRotation) },
        { code: textCode('Rotation spread'), valueQuantity: degrees(v.diffRotation) },
        ...visualAngleComponents('Ellipse width', v.visualAngle),
      ];
    }
    case 'diamond': {
      const v = value as DiamondEyeResult;
      return [
        { code: textCode('Selected tile'), valueQuantity: plain(v.selected) },
        { code: textCode('Rotation minus 45°'), valueQuantity: degrees(v.rotation) },
        {
          code: textCode('Contrast (%)'),
          valueQuantity: { value: v.contrast, unit: '%', system: UCUM_SYSTEM, code: '%' },
        },
        ...diamondRoundComponents(v),
      ];
    }
    case 'duoChrome': {
      const v = value as readonly string[];
      const outcome = eyeOutcome(test, v);
      const counts = duochromeCounts(v);
      return [
        ...(outcome ? [{ code: textCode('Balance'), valueString: outcome.code }] : []),
        { code: textCode('Red sharper (answers)'), valueQuantity: plain(counts.red) },
        { code: textCode('Green sharper (answers)'), valueQuantity: plain(counts.green) },
        { code: textCode('Both the same (answers)'), valueQuantity: plain(counts.same) },
        ...v.map((answer, i) => ({ code: textCode(`Answer ${i + 1}`), valueString: answer })),
      ];
    }
    case 'presbyopia': {
      const v = value as PresbyopiaResult;
      return [
        {
          code: textCode('Near add'),
          valueQuantity: { value: v.add, unit: 'dioptre', system: UCUM_SYSTEM, code: '[diop]' },
        },
        { code: textCode('Answer'), valueQuantity: plain(v.answer) },
        // The add's other inputs, when the record has them (older records do not).
        ...(v.distance === undefined
          ? []
          : [{ code: textCode('Reading distance'), valueString: v.distance }]),
        ...(v.age === undefined
          ? []
          : [
              {
                code: textCode('Age used for the add'),
                valueQuantity: { value: v.age, unit: 'years', system: UCUM_SYSTEM, code: 'a' },
              },
            ]),
      ];
    }
    default:
      return [];
  }
}

function observation(
  result: StoredResultRecord,
  test: TestId,
  eye: ResultEye,
  value: unknown,
  subject: FhirObservation['subject'],
  device: FhirReference | undefined,
): FhirObservation {
  const name = testDefinition(test).name;
  const chart = ACUITY_CHART_METHOD[test];
  const eyeName = eye === 'stereo' ? 'both eyes' : `${eye} eye`;
  const base = {
    resourceType: 'Observation' as const,
    id: fhirId(`${result._id}-${test}-${eye}`),
    status: 'final' as const,
    category: [{ coding: [{ system: OBSERVATION_CATEGORY_SYSTEM, code: 'exam', display: 'Exam' }] }],
    ...(subject ? { subject } : {}),
    effectiveDateTime: result.setup.date,
    bodySite: { coding: [{ system: SNOMED_SYSTEM, ...SNOMED_EYE[eye] }] },
    method: textCode(
      chart
        ? `${chart}, computerised adaptive single-optotype chart (Visus${result.setup.testMode ? ', test mode' : ''})`
        : `Visus ${name} (computerised${result.setup.testMode ? ', test mode' : ''})`,
    ),
    ...(device ? { device } : {}),
    ...(result.setup.correction ? { note: [{ text: `Correction worn: ${result.setup.correction}` }] } : {}),
  };
  if (isAcuityTest(test) && eye !== 'stereo') {
    const n = acuityNotations(value as StoredAcuity);
    const measure = acuityMeasure(test);
    const loinc =
      LOINC_VISUAL_ACUITY[isUncorrected(result.setup.correction) ? 'uncorrected' : 'corrected'][eye];
    // A grating acuity (Astigmatism Power, acuity-measure.ts) is not a Snellen-chart visual acuity: no
    // LOINC visual-acuity code (none is known to fit a computerised grating acuity), a text code instead,
    // and its Snellen and decimal components are labelled as equivalents.
    const code: FhirCodeableConcept = measure.equivalent
      ? { text: `Grating acuity (${name}), ${eyeName}` }
      : { coding: [{ system: LOINC_SYSTEM, ...loinc }], text: `Visual acuity (${name}), ${eyeName}` };
    const label = (text: string) => (measure.equivalent ? `${text} equivalent` : text);
    // A bound (ADR 0010) is a value with a comparator, FHIR R4 Quantity.comparator: "or better" is
    // logMAR <= bound and decimal >= the bound's; "or worse" the other way round.
    const better = n.bound?.censored === 'better-than';
    const logMarComparator = n.bound ? (better ? '<=' : '>=') : undefined;
    const decimalComparator = n.bound ? (better ? '>=' : '<=') : undefined;
    const components: FhirObservationComponent[] = [
      {
        code: textCode(label('Snellen (6 m)')),
        valueString: qualified(n, asEquivalent(measure, n.text.snellen6)),
      },
      {
        code: textCode(label('Snellen (20 ft)')),
        valueString: qualified(n, asEquivalent(measure, n.text.snellen20)),
      },
      {
        code: textCode(label('Decimal acuity')),
        valueQuantity: {
          // The decimal as written everywhere (two significant digits), not a second rounding.
          ...plain(Number(n.text.decimal)),
          ...(decimalComparator ? { comparator: decimalComparator } : {}),
        },
      },
    ];
    if (n.interval) {
      components.push(
        {
          code: textCode('95 % interval, low (logMAR)'),
          valueQuantity: logMarQuantity(n.interval.low.logMAR),
        },
        {
          code: textCode('95 % interval, high (logMAR)'),
          valueQuantity: logMarQuantity(n.interval.high.logMAR),
        },
      );
    }
    // A bound has no interval (none is in `n`) and says why it is one, beside the correction worn.
    const boundNote = n.bound
      ? [
          {
            text: `Not measured beyond the range this screen could draw: logMAR ${logMarComparator} ${n.text.logMAR}, ${n.bound.reason}; no 95 % interval.`,
          },
        ]
      : [];
    // A grating acuity says what it measures (eyeOutcome is null for the optotype charts).
    const outcome = eyeOutcome(test, value);
    const measureNote = outcome ? [{ text: outcome.meaning }] : [];
    const notes = [...(base.note ?? []), ...boundNote, ...measureNote];
    return {
      ...base,
      code,
      valueQuantity: {
        ...logMarQuantity(n.logMAR),
        ...(logMarComparator ? { comparator: logMarComparator } : {}),
      },
      component: components,
      ...(notes.length > 0 ? { note: notes } : {}),
    };
  }
  const components = detailComponents(test, value);
  // What the outcome means (axis finding, duochrome balance), in the words of the result page.
  const outcome = eyeOutcome(test, value);
  const notes = [
    ...(base.note ?? []),
    ...(outcome ? [{ text: `${outcome.title}: ${outcome.meaning}` }] : []),
  ];
  return {
    ...base,
    code: textCode(`${name}, ${eyeName}`),
    valueString: eyeFigure(test, value, result.setup.units),
    ...(components.length > 0 ? { component: components } : {}),
    ...(notes.length > 0 ? { note: notes } : {}),
  };
}

const ucum = (value: number, unit: string, code: string): FhirQuantity => ({
  value,
  unit,
  system: UCUM_SYSTEM,
  code,
});

/** The Device for a calibration snapshot: the same snapshot (screen, browser, calibration) is one Device. */
function device(calibration: ResultCalibration, patient: FhirReference | undefined): FhirDevice {
  const key = JSON.stringify([
    calibration.method,
    calibration.pxPerMm,
    calibration.distanceMm,
    calibration.devicePixelRatio,
    calibration.gamma,
    calibration.userAgent,
  ]);
  return {
    resourceType: 'Device',
    id: fhirId(`screen-${deterministicUuid(`Device/${key}`)}`),
    deviceName: [{ name: browserName(calibration.userAgent), type: 'user-friendly-name' }],
    type: textCode('Screen and web browser of a self-administered vision test, as calibrated'),
    property: [
      { type: textCode('Calibration method'), valueCode: [textCode(calibration.method)] },
      {
        type: textCode('Screen scale (CSS px per mm)'),
        valueQuantity: [ucum(calibration.pxPerMm, 'px/mm', '/mm')],
      },
      { type: textCode('Viewing distance'), valueQuantity: [ucum(calibration.distanceMm, 'mm', 'mm')] },
      { type: textCode('Device pixel ratio'), valueQuantity: [ucum(calibration.devicePixelRatio, '1', '1')] },
      calibration.gamma === null
        ? { type: textCode('Display gamma'), valueCode: [textCode(gammaText(calibration))] }
        : { type: textCode('Display gamma'), valueQuantity: [ucum(calibration.gamma, '1', '1')] },
    ],
    ...(patient ? { patient } : {}),
    note: [{ text: `User agent: ${calibration.userAgent}` }],
  };
}

const isoOf = (ms: number | undefined): string | undefined =>
  typeof ms === 'number' && Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;

/**
 * One result's Provenance: its Observations were made by the person themselves (self-administered), when
 * the test ran and was stored, with the calibrated screen (the Device) and the correction worn.
 */
function provenance(
  result: StoredResultRecord,
  targets: string[],
  who: FhirReference,
  deviceUrl: string | undefined,
): FhirProvenance {
  const { calibration, correction } = result.setup;
  const start = isoOf(result.data.start);
  const end = isoOf(result.data.end);
  return {
    resourceType: 'Provenance',
    id: fhirId(`${result._id}-provenance`),
    target: targets.map((reference) => ({ reference })),
    ...(start && end ? { occurredPeriod: { start, end } } : {}),
    recorded: result.createdAt || result.setup.date,
    activity: textCode('Self-administered vision screening on a calibrated screen (Visus)'),
    agent: [
      {
        type: {
          coding: [{ system: PROVENANCE_PARTICIPANT_SYSTEM, code: 'performer', display: 'Performer' }],
        },
        who,
      },
    ],
    entity: [
      {
        role: 'source',
        what: {
          ...(deviceUrl ? { reference: deviceUrl } : {}),
          display: `Screen calibration: ${calibrationText(calibration)}`,
        },
      },
      { role: 'source', what: { display: `Correction worn: ${correction.trim() || 'none stated'}` } },
    ],
  };
}

/**
 * Results as a FHIR R4 Bundle (type collection): Observations, one per result per test per eye: acuity
 * with a LOINC code per eye and correction, the chart as `method`, valueQuantity in logMAR (UCUM {logMAR})
 * and Snellen/decimal/interval as components (a bound: valueQuantity.comparator `<=`/`>=`, no interval, a
 * note with the reason); other tests with a text code, valueString and components. Each has status final,
 * category exam, effectiveDateTime = the result's date and bodySite = the eye (SNOMED CT). With
 * `patient`, a Patient resource comes first and every Observation's subject points to its fullUrl. A
 * result stored with its screen calibration refers to a Device (one per distinct calibration snapshot),
 * and every result has a Provenance: its Observations, the time, the person as performer (self-
 * administered), the calibration and the correction worn ("not recorded" for older results). Entries have
 * deterministic urn:uuid fullUrls (the same results give the same bundle).
 */
export function resultsToFhirBundle(
  results: readonly StoredResultRecord[],
  patient?: FhirPatientInput,
): FhirBundle {
  if (!Array.isArray(results)) throw new CoreInputError('results must be a list');
  const entry: FhirBundle['entry'] = [];
  let subject: FhirObservation['subject'];
  if (patient) {
    if (typeof patient.id !== 'string' || patient.id.length === 0)
      throw new CoreInputError('patient id is required');
    const id = fhirId(patient.id);
    const resource: FhirPatient = {
      resourceType: 'Patient',
      id,
      ...(patient.name ? { name: [{ text: patient.name }] } : {}),
      ...(patient.birthDate ? { birthDate: patient.birthDate } : {}),
    };
    const fullUrl = `urn:uuid:${deterministicUuid(`Patient/${id}`)}`;
    entry.push({ fullUrl, resource });
    subject = { reference: fullUrl, ...(patient.name ? { display: patient.name } : {}) };
  }
  const devices = new Map<string, FhirBundle['entry'][number]>();
  const rest: FhirBundle['entry'] = [];
  for (const result of results) {
    const calibration = result.setup.calibration;
    let deviceUrl: string | undefined;
    if (calibration) {
      const resource = device(calibration, subject ? { reference: subject.reference } : undefined);
      deviceUrl = `urn:uuid:${deterministicUuid(`Device/${resource.id}`)}`;
      if (!devices.has(deviceUrl)) devices.set(deviceUrl, { fullUrl: deviceUrl, resource });
    }
    const targets: string[] = [];
    for (const { test, eye, value } of resultEntries(result.data)) {
      const resource = observation(
        result,
        test,
        eye,
        value,
        subject,
        deviceUrl ? { reference: deviceUrl } : undefined,
      );
      const fullUrl = `urn:uuid:${deterministicUuid(`Observation/${resource.id}`)}`;
      targets.push(fullUrl);
      rest.push({ fullUrl, resource });
    }
    if (targets.length > 0) {
      const who = subject ?? { display: 'The person tested (self-administered)' };
      const resource = provenance(result, targets, who, deviceUrl);
      rest.push({ fullUrl: `urn:uuid:${deterministicUuid(`Provenance/${resource.id}`)}`, resource });
    }
  }
  entry.push(...devices.values(), ...rest);
  return { resourceType: 'Bundle', type: 'collection', entry };
}
