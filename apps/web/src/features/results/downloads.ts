/** A file the person downloads: its name, its text (or bytes, for .xlsx) and its media type. */
export interface DownloadFile {
  name: string;
  content: string | ArrayBuffer;
  type: string;
}

/** Media types of the export formats (FHIR's own JSON media type, RFC 4180 CSV). */
export const MEDIA_TYPES = {
  csv: 'text/csv;charset=utf-8',
  json: 'application/json;charset=utf-8',
  fhir: 'application/fhir+json;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The export formats offered on the results screens. */
export type ExportFormat = keyof typeof MEDIA_TYPES;

const EXTENSIONS: Record<ExportFormat, string> = {
  csv: 'csv',
  json: 'json',
  fhir: 'fhir.json',
  xlsx: 'xlsx',
};

/** A local calendar date as YYYY-MM-DD (the person's day, not UTC's). */
export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A file name such as `visus-results-2026-11-22.csv` (the whole history, dated today) or
 * `visus-result-2026-11-20.fhir.json` (one result, dated by its test day).
 */
export function exportFileName(kind: 'results' | 'result', date: Date, format: ExportFormat): string {
  return `visus-${kind}-${localDate(date)}.${EXTENSIONS[format]}`;
}

/**
 * Saves `file` through a Blob and an object URL on a temporary link; the URL is revoked once the
 * browser has taken the download.
 */
export function saveFile(file: DownloadFile): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a tick later is enough.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
