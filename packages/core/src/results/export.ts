import type { DiamondEyeResult } from '../diamond/diamond';
import { diamondOutcome } from '../diamond/diamond-outcome';
import { CoreInputError } from '../errors/core-input-error';
import { testDefinition, type TestId } from '../flow/test-definitions';
import { acuityNotations, qualified, type StoredAcuity } from './notation';
import {
  ACUITY_TEST_IDS,
  eyeFigure,
  isAcuityTest,
  resultEntries,
  type ResultEye,
  type StoredResultRecord,
} from './summary';
import type { PresbyopiaResult } from './results';
import type { SpokeVisualAngle } from '../spoke/spoke-angle';

/*
 * Exports of stored results, generated on the client from API data (docs/results.md): JSON, and a FHIR R4
 * Bundle of Observations for a clinic. The CSV export is in ./csv.
 */

// --------------------------------------------------------------------------------------------- JSON

/**
 * A result as the JSON export writes it: as the API stores it, except that each acuity record's `snellen`
 * is the 6 m chart line of its logMAR by the notation rule (notation.ts, docs/results.md "Notations"),
 * so the file says what the screen, CSV and FHIR say. An older record's own `snellen` string (the level
 * its run ended on) is replaced, not trusted; a bare logMAR number is written as it is.
 */
export function withNotation(result: StoredResultRecord): StoredResultRecord {
  if (!result || typeof result !== 'object') throw new CoreInputError('result must be an object');
  if (!result.data || typeof result.data !== 'object') return result;
  const data: Record<string, unknown> = { ...result.data };
  for (const test of ACUITY_TEST_IDS) {
    const perEye = data[test] as Record<string, unknown> | undefined;
    if (!perEye || typeof perEye !== 'object') continue;
    const eyes: Record<string, unknown> = { ...perEye };
    for (const eye of ['right', 'left'] as const) {
      const value = eyes[eye];
      if (value !== null && typeof value === 'object') {
        const line = acuityNotations(value as StoredAcuity).text.snellen6;
        eyes[eye] = { ...value, snellen: line };
      }
    }
    data[test] = eyes;
  }
  return { ...result, data: data as StoredResultRecord['data'] };
}

/** One result as pretty-printed JSON: as the API stores it, with the notation rule's `snellen`. */
export function resultToJson(result: StoredResultRecord): string {
  return `${JSON.stringify(withNotation(result), null, 2)}\n`;
}

/** A whole history as JSON: `{ results: [...] }`, each as {@link resultToJson} writes it. */
export function resultsToJson(results: readonly StoredResultRecord[]): string {
  if (!Array.isArray(results)) throw new CoreInputError('results must be a list');
  return `${JSON.stringify({ results: results.map(withNotation) }, null, 2)}\n`;
}

// --------------------------------------------------------------------------------------------- FHIR

export const LOINC_SYSTEM = 'http://loinc.org';
export const SNOMED_SYSTEM = 'http://snomed.info/sct';
export const UCUM_SYSTEM = 'http://unitsofmeasure.org';
export const OBSERVATION_CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/observation-category';

/**
 * LOINC visual acuity codes per eye (docs/results.md "FHIR"): without correction the "uncorrected … by
 * Snellen eye chart" pair, with glasses or contact lenses the "best corrected … by Snellen eye chart" pair
 * (the CMS133 value set's codes). LOINC has no code for a computerised adaptive chart, and Snellen is the
 * notation clinics expect, so the Snellen-chart method codes are the closest fit.
 */
export const LOINC_VISUAL_ACUITY = {
  uncorrected: {
    right: { code: '79882-7', display: 'Visual acuity uncorrected Right eye by Snellen eye chart' },
    left: { code: '79883-5', display: 'Visual acuity uncorrected Left eye by Snellen eye chart' },
  },
  corrected: {
    right: { code: '79880-1', display: 'Visual acuity best corrected Right eye by Snellen eye chart' },
    left: { code: '79881-9', display: 'Visual acuity best corrected Left eye by Snellen eye chart' },
  },
} as const;

/** SNOMED CT body structures for bodySite. */
export const SNOMED_EYE = {
  right: { code: '18944008', display: 'Right eye structure' },
  left: { code: '8966001', display: 'Left eye structure' },
  stereo: { code: '40638003', display: 'Structure of both eyes' },
} as const;

/** Corrections that mean "no correction worn" (case-insensitive; the controller sends 'None'). */
const UNCORRECTED = new Set(['', 'none', 'no', 'no correction', 'uncorrected']);

export function isUncorrected(correction: string): boolean {
  return UNCORRECTED.has(correction.trim().toLowerCase());
}

/** A minimal FHIR R4 Coding / CodeableConcept / Quantity, enough for our Observations. */
export interface FhirCoding {
  system: string;
  code: string;
  display?: string;
}
export interface FhirCodeableConcept {
  coding?: FhirCoding[];
  text?: string;
}
export interface FhirQuantity {
  value: number;
  /** FHIR R4 Quantity.comparator: how to read `value` when it is a bound ("<=" = at most the value). */
  comparator?: '<' | '<=' | '>=' | '>';
  unit: string;
  system: string;
  code: string;
}
export interface FhirObservationComponent {
  code: FhirCodeableConcept;
  valueQuantity?: FhirQuantity;
  valueString?: string;
}
export interface FhirObservation {
  resourceType: 'Observation';
  id: string;
  status: 'final';
  category: FhirCodeableConcept[];
  code: FhirCodeableConcept;
  subject?: { reference: string; display?: string };
  effectiveDateTime: string;
  valueQuantity?: FhirQuantity;
  valueString?: string;
  bodySite?: FhirCodeableConcept;
  method?: FhirCodeableConcept;
  note?: { text: string }[];
  component?: FhirObservationComponent[];
}
export interface FhirPatient {
  resourceType: 'Patient';
  id: string;
  name?: { text: string }[];
  birthDate?: string;
}
export interface FhirBundle {
  resourceType: 'Bundle';
  type: 'collection';
  entry: { fullUrl: string; resource: FhirObservation | FhirPatient }[];
}

/** The person the Observations are about; `id` becomes Patient/{id}. */
export interface FhirPatientInput {
  id: string;
  name?: string;
  /** YYYY-MM-DD. */
  birthDate?: string;
}

/**
 * A deterministic urn:uuid for a resource (core has no randomness): 128 bits from four FNV-1a 32-bit
 * hashes of the key with different seeds, formatted as an RFC 9562 version 8 (custom) UUID. Exporting the
 * same results twice gives the same ids, so a clinic can de-duplicate a re-import.
 */
export function deterministicUuid(key: string): string {
  const words = [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b].map((seed) => {
    let h = seed >>> 0;
    for (let i = 0; i < key.length; i++) {
      h ^= key.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h.toString(16).padStart(8, '0');
  });
  const hex = words.join('').split('');
  hex[12] = '8'; // version 8
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16); // variant 10xx
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

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
      const v = value as {
        endpoint: number;
        firstResponseKey: string | null;
        secondResponseKey: string | null;
      };
      return [
        { code: textCode('Axis endpoint'), valueQuantity: degrees(v.endpoint) },
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
      return v.map((answer, i) => ({ code: textCode(`Answer ${i + 1}`), valueString: answer }));
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
): FhirObservation {
  const name = testDefinition(test).name;
  const eyeName = eye === 'stereo' ? 'both eyes' : `${eye} eye`;
  const base = {
    resourceType: 'Observation' as const,
    id: fhirId(`${result._id}-${test}-${eye}`),
    status: 'final' as const,
    category: [{ coding: [{ system: OBSERVATION_CATEGORY_SYSTEM, code: 'exam', display: 'Exam' }] }],
    ...(subject ? { subject } : {}),
    effectiveDateTime: result.setup.date,
    bodySite: { coding: [{ system: SNOMED_SYSTEM, ...SNOMED_EYE[eye] }] },
    method: textCode(`Visus ${name} (computerised${result.setup.testMode ? ', test mode' : ''})`),
    ...(result.setup.correction ? { note: [{ text: `Correction worn: ${result.setup.correction}` }] } : {}),
  };
  if (isAcuityTest(test) && eye !== 'stereo') {
    const n = acuityNotations(value as StoredAcuity);
    const loinc =
      LOINC_VISUAL_ACUITY[isUncorrected(result.setup.correction) ? 'uncorrected' : 'corrected'][eye];
    // A bound (ADR 0010) is a value with a comparator, FHIR R4 Quantity.comparator: "or better" is
    // logMAR <= bound and decimal >= the bound's; "or worse" the other way round.
    const better = n.bound?.censored === 'better-than';
    const logMarComparator = n.bound ? (better ? '<=' : '>=') : undefined;
    const decimalComparator = n.bound ? (better ? '>=' : '<=') : undefined;
    const components: FhirObservationComponent[] = [
      { code: textCode('Snellen (6 m)'), valueString: qualified(n, n.text.snellen6) },
      { code: textCode('Snellen (20 ft)'), valueString: qualified(n, n.text.snellen20) },
      {
        code: textCode('Decimal acuity'),
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
    const notes = [...(base.note ?? []), ...boundNote];
    return {
      ...base,
      code: { coding: [{ system: LOINC_SYSTEM, ...loinc }], text: `Visual acuity (${name}), ${eyeName}` },
      valueQuantity: {
        ...logMarQuantity(n.logMAR),
        ...(logMarComparator ? { comparator: logMarComparator } : {}),
      },
      component: components,
      ...(notes.length > 0 ? { note: notes } : {}),
    };
  }
  const components = detailComponents(test, value);
  return {
    ...base,
    code: textCode(`${name}, ${eyeName}`),
    valueString: eyeFigure(test, value, result.setup.units),
    ...(components.length > 0 ? { component: components } : {}),
  };
}

/**
 * Results as a FHIR R4 Bundle (type collection) of Observations, one per result per test per eye: acuity
 * with a LOINC code per eye, valueQuantity in logMAR (UCUM {logMAR}) and Snellen/decimal/interval as
 * components (a bound: valueQuantity.comparator `<=`/`>=`, no interval, a note with the reason); other
 * tests with a text code, valueString and components. Each has status final, category
 * exam, effectiveDateTime = the result's date and bodySite = the eye (SNOMED CT). With `patient`, a Patient
 * resource comes first and every Observation's subject points to its fullUrl. Entries have deterministic
 * urn:uuid fullUrls (the same results give the same bundle).
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
  for (const result of results) {
    for (const { test, eye, value } of resultEntries(result.data)) {
      const resource = observation(result, test, eye, value, subject);
      entry.push({ fullUrl: `urn:uuid:${deterministicUuid(`Observation/${resource.id}`)}`, resource });
    }
  }
  return { resourceType: 'Bundle', type: 'collection', entry };
}
