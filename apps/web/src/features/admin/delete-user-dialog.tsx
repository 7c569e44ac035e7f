import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { AdminUser } from '@visus/contracts';
import { errorMessage } from '@/lib/api/api-error';
import { useDeleteUserMutation } from './admin-api';

interface DeleteUserDialogProps {
  user: AdminUser | null;
  onClose: () => void;
  /** Called after the server deleted the account. */
  onDeleted: (user: AdminUser) => void;
}

/**
 * Deleting an account removes it with all its data, so the admin types the account's email exactly
 * before Delete is enabled: a slip of the mouse on the wrong row cannot delete anyone.
 */
export function DeleteUserDialog({ user, onClose, onDeleted }: DeleteUserDialogProps) {
  const [deleteUser, { isLoading, error, reset }] = useDeleteUserMutation();
  const [typed, setTyped] = useState('');
  const matches = user !== null && typed === user.email;

  const close = () => {
    if (isLoading) return;
    reset();
    setTyped('');
    onClose();
  };

  const onDelete = async () => {
    if (!user || !matches) return;
    const result = await deleteUser({ id: user._id, email: user.email });
    if ('error' in result) return;
    reset();
    setTyped('');
    onDeleted(user);
  };

  return (
    <Dialog
      open={user !== null}
      onClose={close}
      aria-labelledby="delete-user-title"
      aria-describedby="delete-user-text"
    >
      <DialogTitle id="delete-user-title">Delete this account?</DialogTitle>
      {user && (
        <DialogContent>
          <DialogContentText id="delete-user-text" sx={{ mb: 2 }}>
            This permanently deletes <strong>{user.name}</strong>&apos;s account with its results, screen
            calibration and optical history. It cannot be undone. To confirm, type the account&apos;s email:{' '}
            <strong>{user.email}</strong>
          </DialogContentText>
          <TextField
            label="Type the email to confirm"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            autoFocus
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && matches) void onDelete();
            }}
          />
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(error)}
            </Alert>
          )}
        </DialogContent>
      )}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={isLoading}>
          Cancel
        </Button>
        <Button
          onClick={() => void onDelete()}
          color="error"
          variant="contained"
          disabled={!matches}
          loading={isLoading}
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
