import { useState } from 'react';
import TextField from '@mui/material/TextField';
import type { AdminUser } from '@visus/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
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
    <ConfirmDialog
      open={user !== null}
      id="delete-user"
      title="Delete this account?"
      text={
        user && (
          <>
            This permanently deletes <strong>{user.name}</strong>&apos;s account with its results, screen
            calibration and optical history. It cannot be undone. To confirm, type the account&apos;s email:{' '}
            <strong>{user.email}</strong>
          </>
        )
      }
      confirmLabel="Delete"
      destructive
      confirmDisabled={!matches}
      focus="none"
      busy={isLoading}
      error={error}
      onConfirm={() => void onDelete()}
      onCancel={close}
    >
      {user && (
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
      )}
    </ConfirmDialog>
  );
}
