import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { errorMessage } from '@/lib/api/api-error';
import { useT } from '@/lib/i18n/i18n';
import { translateServerMessage } from '@/lib/i18n/server-messages';

interface ConfirmDialogProps {
  open: boolean;
  /** Prefix of the title and text ids (aria-labelledby / aria-describedby). */
  id: string;
  title: ReactNode;
  /** The explanation under the title. */
  text?: ReactNode;
  /** Extra content under the text (e.g. a field to type a confirmation into). */
  children?: ReactNode;
  confirmLabel: string;
  /** Destructive actions are red. */
  destructive?: boolean;
  /** Keeps Confirm disabled (e.g. until the typed confirmation matches). */
  confirmDisabled?: boolean;
  /** Which button has the focus when the dialog opens; Cancel for destructive actions. */
  focus?: 'cancel' | 'confirm' | 'none';
  busy: boolean;
  /** The failed call's error, shown in the dialog ('Server Error' when the server gave none). */
  error?: unknown;
  onConfirm: () => void;
  /** Called on Cancel, Escape or a click outside; ignored while busy. */
  onCancel: () => void;
}

/** Asks before an action that changes data, shows the call's progress and any refusal in place. */
export function ConfirmDialog({
  open,
  id,
  title,
  text,
  children,
  confirmLabel,
  destructive = false,
  confirmDisabled = false,
  focus = 'cancel',
  busy,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const t = useT();
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    <Dialog open={open} onClose={cancel} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      {(Boolean(text) || Boolean(children) || Boolean(error)) && (
        <DialogContent>
          {text && (
            <DialogContentText id={`${id}-text`} sx={children ? { mb: 2 } : undefined}>
              {text}
            </DialogContentText>
          )}
          {children}
          {Boolean(error) && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {translateServerMessage(errorMessage(error))}
            </Alert>
          )}
        </DialogContent>
      )}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={cancel} disabled={busy} autoFocus={focus === 'cancel'}>
          {t('shell.cancel')}
        </Button>
        <Button
          onClick={onConfirm}
          color={destructive ? 'error' : 'primary'}
          variant="contained"
          disabled={confirmDisabled}
          loading={busy}
          autoFocus={focus === 'confirm'}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
