import { useState } from 'react';
import TextField from '@mui/material/TextField';
import type { AdminUser } from '@visus/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteUserMutation } from './admin-api';
import { useT } from '@/lib/i18n/i18n';
import { tParts } from '@/lib/i18n/rich-text';

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
  const t = useT();
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
      title={t('admin.deleteUser.title')}
      text={
        user &&
        tParts('admin.deleteUser.text', {
          name: <strong>{user.name}</strong>,
          email: <strong>{user.email}</strong>,
        })
      }
      confirmLabel={t('admin.deleteUser.confirm')}
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
          label={t('admin.deleteUser.typeEmail')}
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
