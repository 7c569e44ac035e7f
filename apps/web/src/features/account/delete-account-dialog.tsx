import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { errorMessage } from '@/lib/api/api-error';
import { useDeleteAccountMutation } from '@/lib/auth/auth-api';
import { logout } from '@/lib/auth/auth-slice';
import { noticeShown } from '@/lib/notice/notice-slice';

/** SPEC.md §5: account deletion first asks for confirmation with exactly this question. */
export const DELETE_ACCOUNT_QUESTION = 'Are you sure you want to delete your Visus Account?';

interface DeleteAccountDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Confirms, deletes the account (DELETE /auth), then leaves for the home page signed out. */
export function DeleteAccountDialog({ open, onClose }: DeleteAccountDialogProps) {
  const [deleteAccount, { isLoading, error, reset }] = useDeleteAccountMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const close = () => {
    if (isLoading) return;
    reset();
    onClose();
  };

  const onDelete = async () => {
    const result = await deleteAccount();
    if ('error' in result) return;
    // Leave the signed-in screen first, so its guard never sees a signed-out person and sends them to /login.
    await navigate('/', { replace: true });
    dispatch(logout());
    dispatch(noticeShown({ message: 'Your Visus account has been deleted.', severity: 'info' }));
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="delete-account-title"
      aria-describedby="delete-account-text"
    >
      <DialogTitle id="delete-account-title">{DELETE_ACCOUNT_QUESTION}</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-account-text">
          This permanently deletes your account with its results, screen calibration and optical history. It
          cannot be undone.
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={isLoading} autoFocus>
          Cancel
        </Button>
        <Button onClick={() => void onDelete()} color="error" variant="contained" loading={isLoading}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
