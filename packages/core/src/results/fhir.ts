import { CoreInputError } from '../errors/core-input-error';
import { testDefinition, type TestId } from '../flow/test-definitions';
import { acuityMeasure, asEquivalent } from './acuity-measure';
import { CORRECTION_CHOICE_TEXT, recordedCorrection, type RecordedCorrection } from './correction';
import { eyeOutcome } from './eye-outcome';
import { acuityCrowding } from './crowding';
import { acuityNotations, qualified, type StoredAcuity } from './notation';
import { eyeFigure, isAcuityTest, resultEntries, type ResultEye, type StoredResultRecord } from './summary';
import { calibrationText } from './report';
import {
  crowdingComponents,
  detailComponents,
  device,
  fhirId,
  logMarQuantity,
  plain,
  textCode,
  viewingComponents,
} from './fhir-parts';
import type { ResultViewing } from './viewing';
import {
  LOINC_SYSTEM,
  SNOMED_SYSTEM,
  OBSERVATION_CATEGORY_SYSTEM,
  LOINC_VISUAL_ACUITY_UNCORRECTED,
  DICOM_DCM_SYSTEM,
  DCM_HABITUAL_VISUAL_ACUITY,
  SNOMED_VISUAL_ACUITY,
  SNOMED_UNCORRECTED_VISUAL_ACUITY,
  SNOMED_CORRECTION,
  ACUITY_CHART_METHOD,
  PROVENANCE_PARTICIPANT_SYSTEM,
  SNOMED_EYE,
  deterministicUuid,
  type FhirCodeableConcept,
  type FhirObservationComponent,
  type FhirObservation,
  type FhirPatient,
  type FhirReference,
  type FhirProvenance,
  type FhirBundle,
  type FhirBundleRequest,
  type FhirIdentifier,
  type FhirPatientInput,
} from './fhir-resources';

/*
 * A FHIR R4 transaction Bundle of Observations for a clinic, generated on the client from API data
 * (docs/results.md "FHIR", docs/adr/0020-exports-a-clinic-takes.md). The JSON export is in ./export, the
 * CSV in ./csv, the parts that do not depend on the Bundle in ./fhir-parts.
 */

/** What the FHIR export needs besides the results. */
export interface FhirExportOptions {
  /**
   * The identifier systems' base: a URI of this deployment (the web app passes its origin), e.g.
   * `https://visus.example.org`; identifiers are `{base}/fhir/identifier/{observation|patient|device|bundle}`.
   */
  base: string;
  /** When the bundle is assembled (an ISO 8601 instant): Bundle.timestamp. */
  timestamp: string;
  /** The person the results are about: a Patient entry, every Observation's subject and performer. */
  patient?: FhirPatientInput;
}

/** The identifier system for one kind of resource of this deployment. */
export function identifierSystem(
  base: string,
  kind: 'observation' | 'patient' | 'device' | 'bundle',
): string {
  return `${base.replace(/\/+$/, '')}/fhir/identifier/${kind}`;
}

/** A conditional create: POST, unless a resource with this identifier exists (then nothing changes). */
function conditionalCreate(type: string, identifier: FhirIdentifier): FhirBundleRequest {
  return {
    method: 'POST',
    url: type,
    ifNoneExist: `identifier=${encodeURIComponent(identifier.system)}|${encodeURIComponent(identifier.value)}`,
  };
}

/**
 * How a letter acuity is coded by the structured correction (fhir-resources.ts, docs/results.md "FHIR
 * codes"): never "best corrected".
 */
function acuityCode(
  correction: RecordedCorrection,
  eye: 'right' | 'left',
  name: string,
  eyeName: string,
): FhirCodeableConcept {
  const words = CORRECTION_CHOICE_TEXT[correction.choice];
  switch (correction.choice) {
    case 'none':
      return {
        coding: [
          { system: LOINC_SYSTEM, ...LOINC_VISUAL_ACUITY_UNCORRECTED[eye] },
          { system: SNOMED_SYSTEM, ...SNOMED_UNCORRECTED_VISUAL_ACUITY },
        ],
        text: `Visual acuity uncorrected (${name}), ${eyeName}`,
      };
    case 'glasses':
    case 'contact-lenses':
      return {
        coding: [
          { system: DICOM_DCM_SYSTEM, ...DCM_HABITUAL_VISUAL_ACUITY },
          { system: SNOMED_SYSTEM, ...SNOMED_VISUAL_ACUITY },
        ],
        text: `Visual acuity with ${words} (${name}), ${eyeName}`,
      };
    default:
      return {
        coding: [{ system: SNOMED_SYSTEM, ...SNOMED_VISUAL_ACUITY }],
        text: `Visual acuity, ${words} (${name}), ${eyeName}`,
      };
  }
}

/** The correction worn as a component: coded by the structured choice, or "not recorded". */
function correctionComponent(correction: RecordedCorrection): FhirObservationComponent {
  const code = textCode('Correction worn');
  return correction.choice === 'not-recorded'
    ? { code, valueString: 'not recorded' }
    : {
        code,
        valueCodeableConcept: {
          coding: [{ system: SNOMED_SYSTEM, ...SNOMED_CORRECTION[correction.choice] }],
          text: CORRECTION_CHOICE_TEXT[correction.choice],
        },
      };
}

function observation(
  result: StoredResultRecord,
  test: TestId,
  eye: ResultEye,
  value: unknown,
  subject: FhirObservation['subject'],
  device: FhirReference | undefined,
  idBase: string,
): FhirObservation {
  const name = testDefinition(test).name;
  const correction = recordedCorrection(result.setup.correction);
  const chart = ACUITY_CHART_METHOD[test];
  const eyeName = eye === 'stereo' ? 'both eyes' : `${eye} eye`;
  const crowded =
    isAcuityTest(test) && eye !== 'stereo' && acuityCrowding(value as StoredAcuity) === 'crowded';
  const viewing = (result.data[test] as { viewing?: ResultViewing } | undefined)?.viewing;
  const base = {
    resourceType: 'Observation' as const,
    id: fhirId(`${result._id}-${test}-${eye}`),
    // Unique to result, test and eye, the same in every export: a re-import finds it and adds nothing.
    identifier: [{ system: identifierSystem(idBase, 'observation'), value: `${result._id}/${test}/${eye}` }],
    status: 'final' as const,
    category: [{ coding: [{ system: OBSERVATION_CATEGORY_SYSTEM, code: 'exam', display: 'Exam' }] }],
    ...(subject ? { subject } : {}),
    effectiveDateTime: result.setup.date,
    ...(isInstant(result.createdAt) ? { issued: result.createdAt } : {}),
    performer: [subject ?? SELF],
    bodySite: { coding: [{ system: SNOMED_SYSTEM, ...SNOMED_EYE[eye] }] },
    method: textCode(
      chart
        ? `${chart}, computerised adaptive single-optotype chart${crowded ? ' with flanking bars' : ''} (Visus)`
        : `Visus ${name} (computerised)`,
    ),
    ...(device ? { device } : {}),
    // The correction in words; an older record's own text (not one of the answers) is kept as it was.
    note: [
      {
        text: correction.note
          ? `Correction worn: not recorded as a choice; the record says "${correction.note}"`
          : `Correction worn: ${CORRECTION_CHOICE_TEXT[correction.choice]}`,
      },
    ],
  };
  if (isAcuityTest(test) && eye !== 'stereo') {
    const n = acuityNotations(value as StoredAcuity);
    const measure = acuityMeasure(test);
    // A grating acuity (Astigmatism Power, acuity-measure.ts) is not a letter acuity: no visual-acuity
    // code at all (none is known to fit a computerised grating acuity), a text code instead, and its
    // Snellen and decimal components are labelled as equivalents.
    const code: FhirCodeableConcept = measure.equivalent
      ? { text: `Grating acuity (${name}), ${eyeName}` }
      : acuityCode(correction, eye, name, eyeName);
    const label = (text: string) => (measure.equivalent ? `${text} equivalent` : text);
    // A bound (ADR 0010) is a value with a comparator, FHIR R4 Quantity.comparator: "or better" is
    // logMAR <= bound and decimal >= the bound's; "or worse" the other way round.
    const better = n.bound?.censored === 'better-than';
    const logMarComparator = n.bound ? (better ? '<=' : '>=') : undefined;
    const decimalComparator = n.bound ? (better ? '>=' : '<=') : undefined;
    const components: FhirObservationComponent[] = [
      correctionComponent(correction),
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
    components.push(...crowdingComponents(value as StoredAcuity));
    components.push(...viewingComponents(viewing, components));
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
  const details = detailComponents(test, value);
  const components = [...details, ...viewingComponents(viewing, details)];
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

/** The performer of a self-administered test when no Patient is in the bundle. */
const SELF: FhirReference = { display: 'The person tested (self-administered)' };

/** An ISO 8601 instant with a time zone, as FHIR's `instant` needs (an older record may lack one). */
const isInstant = (text: unknown): text is string =>
  typeof text === 'string' &&
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(text) &&
  Number.isFinite(Date.parse(text));

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
  const { calibration } = result.setup;
  const correction = recordedCorrection(result.setup.correction);
  const start = isoOf(result.data.start);
  const end = isoOf(result.data.end);
  return {
    resourceType: 'Provenance',
    id: fhirId(`${result._id}-provenance`),
    target: targets.map((reference) => ({ reference })),
    ...(start && end ? { occurredPeriod: { start, end } } : {}),
    recorded: isInstant(result.createdAt) ? result.createdAt : result.setup.date,
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
      {
        role: 'source',
        what: {
          display: `Correction worn: ${CORRECTION_CHOICE_TEXT[correction.choice]}${correction.note ? ` (the record says "${correction.note}")` : ''}`,
        },
      },
    ],
  };
}

/**
 * Results as a FHIR R4 **transaction** Bundle a FHIR server can take twice without duplicates (ADR 0020):
 * - every Observation, the Patient and each Device is a conditional create (`request` POST with
 *   `ifNoneExist: identifier=system|value`) on a stable identifier of this deployment (`options.base`):
 *   Observation `{result id}/{test}/{eye}`, Patient the account id, Device a hash of the calibration
 *   snapshot. A second import finds each one and creates nothing;
 * - each result's Provenance (R4 Provenance has no identifier) is an update (`PUT Provenance/{id}`) to an
 *   id derived from the result id, so a second import writes the same resource again;
 * - the Bundle has `identifier` (a hash of the result ids and the patient: the same results give the same
 *   identifier) and `timestamp` (`options.timestamp`).
 * Observations: one per result per test per eye, status final, category exam, effectiveDateTime the test's
 * date, `issued` when it was stored, `performer` the Patient (self-administered), bodySite the eye (SNOMED
 * CT), letter acuity coded by the structured correction (correction.ts, never "best corrected") with the
 * chart as `method`, logMAR in UCUM {logMAR} and Snellen/decimal/interval and the correction as components
 * (a bound: valueQuantity.comparator `<=`/`>=`, no interval, a note with the reason); other tests a text
 * code, valueString and components. **Test-mode results are left out**: they are not clinical
 * observations. Entries have deterministic urn:uuid fullUrls, resolved by the server within the
 * transaction.
 */
export function resultsToFhirBundle(
  results: readonly StoredResultRecord[],
  options: FhirExportOptions,
): FhirBundle {
  if (!Array.isArray(results)) throw new CoreInputError('results must be a list');
  if (!options || typeof options.base !== 'string' || !/^[a-z][a-z0-9+.-]*:\S+$/i.test(options.base))
    throw new CoreInputError('options.base must be an absolute URI of this deployment');
  if (!isInstant(options.timestamp))
    throw new CoreInputError('options.timestamp must be an ISO 8601 instant with a time zone');
  const { base, patient } = options;
  const entry: FhirBundle['entry'] = [];
  let subject: FhirObservation['subject'];
  if (patient) {
    if (typeof patient.id !== 'string' || patient.id.length === 0)
      throw new CoreInputError('patient id is required');
    const id = fhirId(patient.id);
    const identifier: FhirIdentifier = { system: identifierSystem(base, 'patient'), value: patient.id };
    const resource: FhirPatient = {
      resourceType: 'Patient',
      id,
      identifier: [identifier],
      ...(patient.name ? { name: [{ text: patient.name }] } : {}),
      ...(patient.birthDate ? { birthDate: patient.birthDate } : {}),
    };
    const fullUrl = `urn:uuid:${deterministicUuid(`Patient/${id}`)}`;
    entry.push({ fullUrl, resource, request: conditionalCreate('Patient', identifier) });
    subject = { reference: fullUrl, ...(patient.name ? { display: patient.name } : {}) };
  }
  const devices = new Map<string, FhirBundle['entry'][number]>();
  const rest: FhirBundle['entry'] = [];
  const exported: string[] = [];
  for (const result of results) {
    // Test mode is for trying the app: never a clinical observation.
    if (result.setup.testMode) continue;
    exported.push(result._id);
    const calibration = result.setup.calibration;
    let deviceUrl: string | undefined;
    if (calibration) {
      const resource = device(
        calibration,
        subject ? { reference: subject.reference } : undefined,
        identifierSystem(base, 'device'),
      );
      deviceUrl = `urn:uuid:${deterministicUuid(`Device/${resource.id}`)}`;
      if (!devices.has(deviceUrl))
        devices.set(deviceUrl, {
          fullUrl: deviceUrl,
          resource,
          request: conditionalCreate('Device', resource.identifier[0]!),
        });
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
        base,
      );
      const fullUrl = `urn:uuid:${deterministicUuid(`Observation/${resource.id}`)}`;
      targets.push(fullUrl);
      rest.push({ fullUrl, resource, request: conditionalCreate('Observation', resource.identifier[0]!) });
    }
    if (targets.length > 0) {
      const resource = provenance(result, targets, subject ?? SELF, deviceUrl);
      rest.push({
        fullUrl: `urn:uuid:${deterministicUuid(`Provenance/${resource.id}`)}`,
        resource,
        request: { method: 'PUT', url: `Provenance/${resource.id}` },
      });
    }
  }
  entry.push(...devices.values(), ...rest);
  const key = JSON.stringify([patient?.id ?? null, [...exported].sort()]);
  return {
    resourceType: 'Bundle',
    identifier: { system: identifierSystem(base, 'bundle'), value: deterministicUuid(`Bundle/${key}`) },
    type: 'transaction',
    timestamp: options.timestamp,
    entry,
  };
}
