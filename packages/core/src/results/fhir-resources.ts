import type { TestId } from '../flow/test-definitions';

/*
 * The FHIR R4 vocabulary of the export (docs/results.md "FHIR"): code systems, the codes we use, the
 * minimal resource shapes, and deterministic ids. The Bundle itself is built in ./fhir.
 */

export const LOINC_SYSTEM = 'http://loinc.org';
export const SNOMED_SYSTEM = 'http://snomed.info/sct';
export const UCUM_SYSTEM = 'http://unitsofmeasure.org';
export const OBSERVATION_CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/observation-category';

/**
 * LOINC visual acuity codes per eye (docs/results.md "FHIR"), chosen by the correction worn: the
 * method-neutral "Visual acuity uncorrected/best corrected … eye" codes, not the "… by Snellen eye chart"
 * ones (79880-1 … 79883-5), because our charts are computerised, adaptive and show one optotype at a time:
 * no Snellen chart is used. The chart itself (Sloan letters, Landolt C, Tumbling E) is the Observation's
 * `method`. The displays are LOINC's long common names (98498-9 and 65897-1 checked against a published
 * FHIR IG; their right-eye siblings 98499-7 and 65893-0 follow the same pattern).
 */
export const LOINC_VISUAL_ACUITY = {
  uncorrected: {
    right: { code: '98499-7', display: 'Visual acuity uncorrected Right eye' },
    left: { code: '98498-9', display: 'Visual acuity uncorrected Left eye' },
  },
  corrected: {
    right: { code: '65893-0', display: 'Visual acuity best corrected Right eye' },
    left: { code: '65897-1', display: 'Visual acuity best corrected Left eye' },
  },
} as const;

/** The letter charts as Observation.method text: the optotype the adaptive procedure showed. */
export const ACUITY_CHART_METHOD: Partial<Record<TestId, string>> = {
  sloan: 'Sloan letters',
  landoltC: 'Landolt C',
  tumblingE: 'Tumbling E',
};

/** FHIR R4 Provenance.agent.type codes. */
export const PROVENANCE_PARTICIPANT_SYSTEM =
  'http://terminology.hl7.org/CodeSystem/provenance-participant-type';

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
  device?: FhirReference;
  note?: { text: string }[];
  component?: FhirObservationComponent[];
}
export interface FhirPatient {
  resourceType: 'Patient';
  id: string;
  name?: { text: string }[];
  birthDate?: string;
}
/** A FHIR R4 Reference: to a bundle entry's fullUrl, or only a display. */
export interface FhirReference {
  reference?: string;
  display?: string;
}
/** The screen and browser a result was measured on, with the calibration as properties (FHIR R4 Device). */
export interface FhirDevice {
  resourceType: 'Device';
  id: string;
  deviceName: { name: string; type: 'user-friendly-name' | 'model-name' }[];
  type: FhirCodeableConcept;
  property: {
    type: FhirCodeableConcept;
    valueQuantity?: FhirQuantity[];
    valueCode?: FhirCodeableConcept[];
  }[];
  patient?: FhirReference;
  note?: { text: string }[];
}
/** Who made a result's Observations, when, with what (FHIR R4 Provenance). */
export interface FhirProvenance {
  resourceType: 'Provenance';
  id: string;
  target: FhirReference[];
  occurredPeriod?: { start: string; end: string };
  recorded: string;
  activity: FhirCodeableConcept;
  agent: { type: FhirCodeableConcept; who: FhirReference }[];
  entity: { role: 'source'; what: FhirReference }[];
}
export interface FhirBundle {
  resourceType: 'Bundle';
  type: 'collection';
  entry: { fullUrl: string; resource: FhirObservation | FhirPatient | FhirDevice | FhirProvenance }[];
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
