import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { resultsToFhirBundle } from './fhir';
import type { FhirObservation } from './fhir-resources';
import type { StoredResultRecord } from './summary';

/*
 * The FHIR export as a transaction a server takes twice without duplicates (issue 24, ADR 0020).
 */

const FHIR = { base: 'https://visus.example.org/', timestamp: '2026-02-01T08:00:00.000Z' };
const patient = { id: 'u1', name: 'Ada Lovelace', birthDate: '1985-12-10' };
const start = Date.UTC(2026, 0, 31, 9, 30);
const result = (id: string, correction = 'None', testMode = false): StoredResultRecord => ({
  _id: id,
  session: null,
  createdAt: '2026-01-31T09:45:00.000Z',
  setup: { date: '2026-01-31T09:30:00.000Z', units: 'm', correction, testMode, singleTest: 'sloan' },
  data: {
    start,
    end: start + 60_000,
    sloan: { right: { va: 0.1, rounds: 21, loopLength: 30, ci95: [0.02, 0.18] }, left: -0.1 },
    presbyopia: { stereo: { add: 1.25, answer: 3 } },
  },
});
const observations = (bundle: ReturnType<typeof resultsToFhirBundle>) =>
  bundle.entry.map((e) => e.resource).filter((r): r is FhirObservation => r.resourceType === 'Observation');

describe('resultsToFhirBundle as a transaction', () => {
  const bundle = resultsToFhirBundle([result('r1'), result('r2', 'Glasses')], { ...FHIR, patient });

  it('makes every Observation, the Patient and the Device a conditional create on its identifier', () => {
    const creates = bundle.entry.filter((e) => e.resource.resourceType !== 'Provenance');
    expect(creates.length).toBe(7); // Patient + 2 results × 3 Observations
    for (const { resource, request } of creates) {
      const identifier = 'identifier' in resource ? resource.identifier[0]! : undefined;
      expect(identifier).toBeDefined();
      expect(request).toEqual({
        method: 'POST',
        url: resource.resourceType,
        ifNoneExist: `identifier=${encodeURIComponent(identifier!.system)}|${encodeURIComponent(identifier!.value)}`,
      });
    }
    const [first] = observations(bundle);
    expect(first?.identifier).toEqual([
      { system: 'https://visus.example.org/fhir/identifier/observation', value: 'r1/sloan/right' },
    ]);
    expect(bundle.entry[1]?.request.ifNoneExist).toBe(
      'identifier=https%3A%2F%2Fvisus.example.org%2Ffhir%2Fidentifier%2Fobservation|r1%2Fsloan%2Fright',
    );
  });

  it('gives each result, test and eye its own identifier', () => {
    const values = observations(bundle).map((o) => `${o.identifier[0]!.system}|${o.identifier[0]!.value}`);
    expect(new Set(values).size).toBe(values.length);
    expect(values).toHaveLength(6);
  });

  it('gives the same identifiers, whatever else changes, when the same results are exported again', () => {
    const again = resultsToFhirBundle([result('r2', 'Glasses'), result('r1')], {
      ...FHIR,
      timestamp: '2026-03-01T12:00:00.000Z',
      patient,
    });
    const ids = (b: typeof bundle) =>
      b.entry
        .map((e) => ('identifier' in e.resource ? e.resource.identifier[0]!.value : e.request.url))
        .sort();
    expect(ids(again)).toEqual(ids(bundle));
    expect(again.identifier).toEqual(bundle.identifier);
    expect(again.timestamp).toBe('2026-03-01T12:00:00.000Z');
    // Another set of results is another bundle.
    expect(resultsToFhirBundle([result('r1')], { ...FHIR, patient }).identifier).not.toEqual(
      bundle.identifier,
    );
  });

  it('writes each Provenance as an update to an id derived from its result', () => {
    const provenances = bundle.entry.filter((e) => e.resource.resourceType === 'Provenance');
    expect(provenances.map((e) => e.request)).toEqual([
      { method: 'PUT', url: 'Provenance/r1-provenance' },
      { method: 'PUT', url: 'Provenance/r2-provenance' },
    ]);
    for (const e of provenances) expect(e.request.url).toBe(`Provenance/${e.resource.id}`);
  });

  it('has the bundle identifier and timestamp, and each Observation issued and the Patient as performer', () => {
    expect(bundle.type).toBe('transaction');
    expect(bundle.timestamp).toBe(FHIR.timestamp);
    expect(bundle.identifier.system).toBe('https://visus.example.org/fhir/identifier/bundle');
    expect(bundle.identifier.value).toMatch(/^[0-9a-f-]{36}$/);
    const patientUrl = bundle.entry[0]!.fullUrl;
    for (const o of observations(bundle)) {
      expect(o.issued).toBe('2026-01-31T09:45:00.000Z');
      expect(o.performer).toEqual([{ reference: patientUrl, display: 'Ada Lovelace' }]);
    }
  });

  it('leaves test-mode results out: they are not clinical observations', () => {
    const mixed = resultsToFhirBundle([result('r1'), result('t1', 'None', true)], FHIR);
    const values = observations(mixed).map((o) => o.identifier[0]!.value);
    expect(values).toHaveLength(3);
    expect(values.every((v) => v.startsWith('r1/'))).toBe(true);
    expect(resultsToFhirBundle([result('t1', 'None', true)], FHIR).entry).toEqual([]);
  });

  it('keeps an older record’s own correction text as a note, and codes it as not recorded', () => {
    const [right] = observations(resultsToFhirBundle([result('old', 'No glasses')], FHIR));
    expect(right?.code.text).toBe('Visual acuity, correction not recorded (Sloan), right eye');
    expect(right?.code.coding).toEqual([
      { system: 'http://snomed.info/sct', code: '363983007', display: 'Visual acuity' },
    ]);
    expect(right?.component?.[0]).toEqual({ code: { text: 'Correction worn' }, valueString: 'not recorded' });
    expect(right?.note?.[0]?.text).toBe(
      'Correction worn: not recorded as a choice; the record says "No glasses"',
    );
    expect(JSON.stringify(right)).not.toMatch(/best corrected/i);
  });

  it('refuses options it cannot build identifiers or a timestamp from', () => {
    expect(() => resultsToFhirBundle([result('r1')], { ...FHIR, base: 'not a uri' })).toThrow(
      new CoreInputError('options.base must be an absolute URI of this deployment'),
    );
    expect(() => resultsToFhirBundle([result('r1')], { ...FHIR, timestamp: '2026-02-01' })).toThrow(
      'options.timestamp must be an ISO 8601 instant with a time zone',
    );
  });
});
