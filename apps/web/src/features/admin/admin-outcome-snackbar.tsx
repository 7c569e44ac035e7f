import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { adminCleared, selectAdminOutcome, type AdminSuccessType } from './admin-slice';

interface AdminOutcomeSnackbarProps {
  /** The kinds of success this screen reports (Manage Users: role and delete; Invites: invite and revoke). */
  types: readonly AdminSuccessType[];
}

/**
 * Shows the admin slice's last success as a snackbar, then clears it. Failures are shown where they
 * happened (in the dialog or form), so the person can correct and retry.
 */
export function AdminOutcomeSnackbar({ types }: AdminOutcomeSnackbarProps) {
  const dispatch = useAppDispatch();
  const { success, successType, message } = useAppSelector(selectAdminOutcome);
  const open = success && successType !== null && types.includes(successType) && message !== null;

  // A screen starts with a clean slate: an outcome from another screen is not this screen's news.
  useEffect(() => {
    dispatch(adminCleared());
  }, [dispatch]);

  return (
    <Snackbar
      open={open}
      autoHideDuration={6000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') dispatch(adminCleared());
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity="success"
        variant="filled"
        onClose={() => dispatch(adminCleared())}
        sx={{ width: '100%' }}
      >
        {message}
      </Alert>
    </Snackbar>
  );
}
