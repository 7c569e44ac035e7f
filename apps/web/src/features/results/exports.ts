import type { StoredResult } from '@visus/contracts';
import {
  resultsToCsv,
  resultsToFhirBundle,
  resultsToJson,
  resultToJson,
  type FhirPatientInput,
} from '@visus/core';
import { exportFileName, MEDIA_TYPES, type DownloadFile, type ExportFormat } from './downloads';
import { takenAt } from './result-format';

/**
 * The file for a download, built on the client from the API data with core's exporters (docs/results.md):
 * CSV (one row per result, test and eye), JSON (one record as stored, or `{ results }` for a history) and a
 * FHIR R4 transaction Bundle of Observations, about `patient` when given, with identifiers under `base`
 * (this deployment's origin, ADR 0020). One result's file is named by its test day, a history's by today
 * (`now`, also the bundle's timestamp).
 */
export function buildExport(
  format: Exclude<ExportFormat, 'xlsx'>,
  kind: 'result' | 'results',
  results: readonly StoredResult[],
  now: Date,
  patient?: FhirPatientInput,
  base: string = window.location.origin,
): DownloadFile {
  const single = kind === 'result' && results.length === 1 ? results[0] : undefined;
  const day = single ? new Date(takenAt(single)) : now;
  let content: string;
  if (format === 'csv') content = resultsToCsv(results, patient);
  else if (format === 'json') content = single ? resultToJson(single) : resultsToJson(results);
  else {
    const options = { base, timestamp: now.toISOString(), ...(patient ? { patient } : {}) };
    content = `${JSON.stringify(resultsToFhirBundle(results, options), null, 2)}\n`;
  }
  return {
    name: exportFileName(kind, Number.isNaN(day.getTime()) ? now : day, format),
    content,
    type: MEDIA_TYPES[format],
  };
}
