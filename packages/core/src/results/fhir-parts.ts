import type { DiamondEyeResult } from '../diamond/diamond';
import { diamondOutcome } from '../diamond/diamond-outcome';
import type { TestId } from '../flow/test-definitions';
import { axisFindingOf, type AxisResult } from '../astigmatism/astigmatism-axis';
import { duochromeCounts } from '../duochrome/duochrome';
import { eyeOutcome } from './eye-outcome';
import { browserName, gammaText } from './report';
import type { PresbyopiaResult, ResultCalibration } from './results';
import type { SpokeVisualAngle } from '../spoke/spoke-angle';
import type { SpokeEllipseFigures } from '../spoke/spoke-ellipse';
import { VIEWING_METHOD_TEXT, type ResultViewing } from './viewing';
import { acuityCrowding } from './crowding';
import type { StoredAcuity } from './notation';
import {
  UCUM_SYSTEM,
  deterministicUuid,
  type FhirCodeableConcept,
  type FhirQuantity,
  type FhirObservationComponent,
  type FhirReference,
  type FhirDevice,
} from './fhir-resources';

/*
 * The parts of the FHIR export that do not depend on the Bundle (docs/results.md "FHIR"): ids, UCUM
 * quantities, the components that spell out each non-acuity test, and the Device of a calibration
 * snapshot. The Observations, Provenance and the Bundle are built in ./fhir.
 */

/** A FHIR id: [A-Za-z0-9-.]{1,64}; anything else becomes '-'. */
export function fhirId(raw: string): string {
  const id = raw.replace(/[^A-Za-z0-9.-]/g, '-').slice(0, 64);
  return id.length > 0 ? id : 'x';
}

export const logMarQuantity = (value: number): FhirQuantity => ({
  value: Number(value.toFixed(4)),
  unit: 'logMAR',
  system: UCUM_SYSTEM,
  code: '{logMAR}',
});
export const degrees = (value: number): FhirQuantity => ({
  value,
  unit: 'degrees',
  system: UCUM_SYSTEM,
  code: 'deg',
});
export const plain = (value: number, unit = '1'): FhirQuantity => ({
  value,
  unit,
  system: UCUM_SYSTEM,
  code: unit,
});
/** The spoke tests' canvas units: dimensionless, a UCUM annotation says which. */
const canvasUnits = (value: number): FhirQuantity => ({
  value,
  unit: 'canvas units',
  system: UCUM_SYSTEM,
  code: '{canvas_unit}',
});
export const textCode = (text: string): FhirCodeableConcept => ({ text });

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
export function detailComponents(test: TestId, value: unknown): FhirObservationComponent[] {
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
        { code: textCode('Average size (canvas units)'), valueQuantity: canvasUnits(v.average) },
        { code: textCode('Spread (canvas units)'), valueQuantity: canvasUnits(v.diff) },
        ...visualAngleComponents('Circle diameter', v.visualAngle),
      ];
    }
    case 'spokeEllipse': {
      const v = value as SpokeEllipseFigures;
      return [
        { code: textCode('Average width (canvas units)'), valueQuantity: canvasUnits(v.averageWidth) },
        { code: textCode('Width spread (canvas units)'), valueQuantity: canvasUnits(v.diffWidth) },
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
        // The person's distance prescription (sphere), in dioptres like the add.
        {
          code: textCode('Answer (distance sphere)'),
          valueQuantity: { value: v.answer, unit: 'dioptre', system: UCUM_SYSTEM, code: '[diop]' },
        },
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

export const ucum = (value: number, unit: string, code: string): FhirQuantity => ({
  value,
  unit,
  system: UCUM_SYSTEM,
  code,
});

/**
 * How a test's viewing distance was known (issue 18, `data.<test>.viewing`) as components: the distance in
 * mm (unless the test's own components already give it, as a spoke test's visual angle does), the range
 * the camera saw or the estimate's spread, and the method in words. Nothing for an older record.
 */
export function viewingComponents(
  viewing: ResultViewing | undefined,
  others: readonly FhirObservationComponent[],
): FhirObservationComponent[] {
  if (!viewing) return [];
  const hasDistance = others.some((c) => c.code.text === 'Viewing distance');
  return [
    ...(hasDistance
      ? []
      : [{ code: textCode('Viewing distance'), valueQuantity: ucum(viewing.distanceMm, 'mm', 'mm') }]),
    ...(viewing.minMm !== undefined && viewing.maxMm !== undefined
      ? [
          {
            code: textCode('Viewing distance, range'),
            valueRange: { low: ucum(viewing.minMm, 'mm', 'mm'), high: ucum(viewing.maxMm, 'mm', 'mm') },
          },
        ]
      : []),
    { code: textCode('Viewing distance, how known'), valueString: VIEWING_METHOD_TEXT[viewing.method] },
  ];
}

/**
 * Whether an acuity was measured with flanking bars (crowded, STIMULI.md "Crowding"): crowded acuity reads
 * worse than a single optotype's, so a clinician must know which it is. Nothing when not recorded.
 */
export function crowdingComponents(value: StoredAcuity): FhirObservationComponent[] {
  const crowding = acuityCrowding(value);
  if (crowding === 'not recorded') return [];
  return [
    {
      code: textCode('Crowding'),
      valueString:
        crowding === 'crowded' ? 'crowded (optotype between flanking bars)' : 'uncrowded (single optotype)',
    },
  ];
}

/** The Device for a calibration snapshot: the same snapshot (screen, browser, calibration) is one Device. */
export function device(
  calibration: ResultCalibration,
  patient: FhirReference | undefined,
  identifierSystem: string,
): FhirDevice {
  const key = JSON.stringify([
    calibration.method,
    calibration.pxPerMm,
    calibration.distanceMm,
    calibration.devicePixelRatio,
    calibration.gamma,
    calibration.userAgent,
  ]);
  const hash = deterministicUuid(`Device/${key}`);
  return {
    resourceType: 'Device',
    id: fhirId(`screen-${hash}`),
    // The same snapshot is the same Device in every export: a re-import finds it.
    identifier: [{ system: identifierSystem, value: hash }],
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
