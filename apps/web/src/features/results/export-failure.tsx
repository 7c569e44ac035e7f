import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useT } from '@/lib/i18n/i18n';

/** Why a download failed, in a snackbar (export-menu.tsx); `failure` null closes it. */
export function ExportFailure({ failure, onClose }: { failure: string | null; onClose: () => void }) {
  const t = useT();
  return (
    <Snackbar open={failure !== null} onClose={onClose} autoHideDuration={8000}>
      <Alert severity="error" onClose={onClose} variant="filled">
        {t('results.export.failed', { reason: failure ?? '' })}
      </Alert>
    </Snackbar>
  );
}
