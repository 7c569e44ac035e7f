import { useNavigate } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteAccountMutation } from '@/lib/auth/auth-api';
import { logout } from '@/lib/auth/auth-slice';
import { noticeShown } from '@/lib/notice/notice-slice';
import { useT } from '@/lib/i18n/i18n';

/** SPEC.md §5: account deletion first asks for confirmation with exactly this question (in English). */
export const DELETE_ACCOUNT_QUESTION = 'Are you sure you want to delete your Visus Account?';

interface DeleteAccountDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Confirms, deletes the account (DELETE /auth), then leaves for the home page signed out. */
export function DeleteAccountDialog({ open, onClose }: DeleteAccountDialogProps) {
  const t = useT();
  const [deleteAccount, { isLoading, error, reset }] = useDeleteAccountMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const close = () => {
    reset();
    onClose();
  };

  const onDelete = async () => {
    const result = await deleteAccount();
    if ('error' in result) return;
    // Leave the signed-in screen first, so its guard never sees a signed-out person and sends them to /login.
    await navigate('/', { replace: true });
    dispatch(logout());
    dispatch(noticeShown({ message: t('account.delete.done'), severity: 'info' }));
  };

  return (
    <ConfirmDialog
      open={open}
      id="delete-account"
      title={t('account.delete.question')}
      text={t('account.delete.text')}
      confirmLabel={t('account.delete.confirm')}
      destructive
      busy={isLoading}
      error={error}
      onConfirm={() => void onDelete()}
      onCancel={close}
    />
  );
}
