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
 * How a letter acuity is coded, by the structured correction (./correction.ts, docs/results.md "FHIR
 * codes", each with its source):
 * - no correction: LOINC's method-neutral "Visual acuity uncorrected … eye" per eye (98499-7 right,
 *   98498-9 left; the Vision panel 98497-1) with SNOMED CT 420050001 "Uncorrected visual acuity" (DICOM
 *   CID 4216 "Ophthalmic Visual Acuity Type");
 * - own glasses or contact lenses: DICOM DCM 111686 "Habitual Visual Acuity" (CID 4216: the acuity with
 *   the correction the person usually wears) with SNOMED CT 363983007 "Visual acuity" (the root of the
 *   EyeMatics visual-acuity code value set). Never LOINC's "best corrected" (65893-0, 65897-1): a
 *   person's own glasses are not the best correction a refraction finds;
 * - correction not recorded (an older record's free text, or nothing): SNOMED CT 363983007 "Visual
 *   acuity" only, and text that says so.
 * The chart itself (Sloan letters, Landolt C, Tumbling E) is the Observation's `method`; no Snellen chart
 * is claimed (the "… by Snellen eye chart" codes 79880-1 … 79883-5 are not used).
 */
export const LOINC_VISUAL_ACUITY_UNCORRECTED = {
  right: { code: '98499-7', display: 'Visual acuity uncorrected Right eye' },
  left: { code: '98498-9', display: 'Visual acuity uncorrected Left eye' },
} as const;
export const DICOM_DCM_SYSTEM = 'http://dicom.nema.org/resources/ontology/DCM';
export const DCM_HABITUAL_VISUAL_ACUITY = { code: '111686', display: 'Habitual Visual Acuity' } as const;
export const SNOMED_VISUAL_ACUITY = { code: '363983007', display: 'Visual acuity' } as const;
export const SNOMED_UNCORRECTED_VISUAL_ACUITY = {
  code: '420050001',
  display: 'Uncorrected visual acuity',
} as const;
/**
 * The correction worn as a coded component (the EyeMatics "Visual Acuity Correction Methods" value set,
 * SNOMED CT): none = 420050001, glasses = 50121007, contact lenses = 57368009.
 */
export const SNOMED_CORRECTION = {
  none: SNOMED_UNCORRECTED_VISUAL_ACUITY,
  glasses: { code: '50121007', display: 'Eye glasses, device' },
  'contact-lenses': { code: '57368009', display: 'Contact lenses, device' },
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
  /** FHIR R4 Range: its ends are SimpleQuantities (no comparator). */
  valueRange?: { low: FhirQuantity; high: FhirQuantity };
  valueString?: string;
  valueCodeableConcept?: FhirCodeableConcept;
}
/** A FHIR R4 Identifier: a value unique within its system (a URI of this deployment). */
export interface FhirIdentifier {
  system: string;
  value: string;
}
export interface FhirObservation {
  resourceType: 'Observation';
  id: string;
  identifier: FhirIdentifier[];
  status: 'final';
  category: FhirCodeableConcept[];
  code: FhirCodeableConcept;
  subject?: { reference: string; display?: string };
  effectiveDateTime: string;
  /** When the result was stored (an instant). */
  issued?: string;
  /** Self-administered: the Patient. */
  performer?: FhirReference[];
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
  identifier: FhirIdentifier[];
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
  identifier: FhirIdentifier[];
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
/** How a transaction entry is written: a conditional create (POST with ifNoneExist) or an update (PUT). */
export interface FhirBundleRequest {
  method: 'POST' | 'PUT';
  url: string;
  /** The search that finds an existing copy: `identifier=system|value`, URL-encoded. */
  ifNoneExist?: string;
}
export type FhirBundleResource = FhirObservation | FhirPatient | FhirDevice | FhirProvenance;
export interface FhirBundle {
  resourceType: 'Bundle';
  identifier: FhirIdentifier;
  type: 'transaction';
  /** When the bundle was assembled (an instant). */
  timestamp: string;
  entry: { fullUrl: string; resource: FhirBundleResource; request: FhirBundleRequest }[];
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
