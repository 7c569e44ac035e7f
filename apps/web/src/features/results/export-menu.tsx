import { useId, useState } from 'react';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Snackbar from '@mui/material/Snackbar';
import type { StoredResult } from '@visus/contracts';
import { errorMessage } from '@/lib/api/api-error';
import { useCurrentUser } from '@/lib/auth/use-auth';
import { saveFile, type ExportFormat } from './downloads';
import { buildExport } from './exports';

const FORMATS: { format: ExportFormat; label: string; hint: string }[] = [
  { format: 'xlsx', label: 'Excel (.xlsx)', hint: 'For spreadsheets: one row per test and eye, typed cells' },
  { format: 'csv', label: 'CSV', hint: 'For other programs: one row per test and eye' },
  { format: 'json', label: 'JSON', hint: 'The full records, as stored' },
  { format: 'fhir', label: 'FHIR R4 Bundle', hint: 'Observations for your clinic’s records' },
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
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
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
      } else saveFile(buildExport(format, kind, results, new Date(), patient));
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
        startIcon={busy ? <CircularProgress size={18} aria-label="Preparing download" /> : <DownloadIcon />}
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
            <ListItemText primary={name} secondary={hint} />
          </MenuItem>
        ))}
      </Menu>
      <Snackbar open={failure !== null} onClose={() => setFailure(null)} autoHideDuration={8000}>
        <Alert severity="error" onClose={() => setFailure(null)} variant="filled">
          The download failed: {failure}
        </Alert>
      </Snackbar>
    </>
  );
}
