import { lazy, Suspense, useId, useState } from 'react';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { StoredResult } from '@visus/contracts';
import { errorMessage } from '@/lib/api/api-error';
import { useCurrentUser } from '@/lib/auth/use-auth';
import { useT, type MessageId } from '@/lib/i18n/i18n';
import { saveFile, type ExportFormat } from './downloads';

// Why a download failed (MUI's Snackbar): its code downloads with the first failure (issue 25 item 5).
const ExportFailure = lazy(() => import('./export-failure').then((m) => ({ default: m.ExportFailure })));

// The formats' names are names; what each is for is in the reader's language. The files themselves keep
// their documented formats (English column names, FHIR codes): they are read by programs, not people.
const FORMATS: { format: ExportFormat; label: string; hint: MessageId }[] = [
  { format: 'xlsx', label: 'Excel (.xlsx)', hint: 'results.export.xlsxHint' },
  { format: 'csv', label: 'CSV', hint: 'results.export.csvHint' },
  { format: 'json', label: 'JSON', hint: 'results.export.jsonHint' },
  { format: 'fhir', label: 'FHIR R4 Bundle', hint: 'results.export.fhirHint' },
];

interface ExportMenuProps {
  /** Button text, e.g. "Download history". */
  label: string;
  /** One result or the whole history: decides the file name. */
  kind: 'result' | 'results';
  /** The results to export; may fetch them first (the whole history is every page). */
  load: () => Promise<StoredResult[]>;
  /** Disables the button, e.g. while there is nothing to export. */
  disabled?: boolean;
}

/** A "Download" button with a menu of export formats; the files are built here from the API data. */
export function ExportMenu({ label, kind, load, disabled = false }: ExportMenuProps) {
  const t = useT();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The snackbar loads with the first failure and then stays, so that it closes with its transition.
  const [failedOnce, setFailedOnce] = useState(false);
  if (failure !== null && !failedOnce) setFailedOnce(true);
  const { data: me } = useCurrentUser();
  // The FHIR bundle names whose results they are, so a clinic can file them.
  const patient = me ? { id: me._id, name: me.name, ...(me.dob ? { birthDate: me.dob } : {}) } : undefined;

  const download = async (format: ExportFormat) => {
    setAnchor(null);
    setBusy(true);
    setFailure(null);
    try {
      const results = await load();
      if (format === 'xlsx') {
        // The spreadsheet writer is a chunk of its own, fetched only now (ADR 0020, the JS budgets).
        const { buildXlsxExport } = await import('./xlsx-file');
        saveFile(await buildXlsxExport(kind, results, new Date(), patient));
      } else {
        // Core's exporters (CSV, JSON, the FHIR bundle) too: no list or result screen needs them before a
        // download (issue 25 item 5).
        const { buildExport } = await import('./exports');
        saveFile(buildExport(format, kind, results, new Date(), patient));
      }
    } catch (error) {
      setFailure(error instanceof Error ? error.message : errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={
          busy ? <CircularProgress size={18} aria-label={t('results.export.preparing')} /> : <DownloadIcon />
        }
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={disabled || busy}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-print="hide"
      >
        {label}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {FORMATS.map(({ format, label: name, hint }) => (
          <MenuItem key={format} onClick={() => void download(format)}>
            <ListItemText primary={name} secondary={t(hint)} />
          </MenuItem>
        ))}
      </Menu>
      {failedOnce && (
        <Suspense fallback={null}>
          <ExportFailure failure={failure} onClose={() => setFailure(null)} />
        </Suspense>
      )}
    </>
  );
}
