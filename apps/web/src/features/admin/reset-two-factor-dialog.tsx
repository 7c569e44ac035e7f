import type { AdminUser } from '@visus/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useResetTwoFactorMutation } from './admin-api';
import { useT } from '@/lib/i18n/i18n';
import { tParts } from '@/lib/i18n/rich-text';

interface ResetTwoFactorDialogProps {
  user: AdminUser | null;
  onClose: () => void;
}

/**
 * Resetting two-step sign-in lets whoever knows the account's password sign in with it alone, so the
 * dialog asks the admin to have checked who is asking, outside Visus, first (docs/security.md).
 */
export function ResetTwoFactorDialog({ user, onClose }: ResetTwoFactorDialogProps) {
  const t = useT();
  const [resetTwoFactor, { isLoading, error, reset }] = useResetTwoFactorMutation();

  const close = () => {
    reset();
    onClose();
  };

  const onReset = async () => {
    if (!user) return;
    const result = await resetTwoFactor({ id: user._id, name: user.name });
    if ('error' in result) return;
    close();
  };

  return (
    <ConfirmDialog
      open={user !== null}
      id="reset-two-factor"
      title={t('admin.resetTwoStep.title')}
      text={user && tParts('admin.resetTwoStep.text', { name: <strong>{user.name}</strong> })}
      confirmLabel={t('admin.resetTwoStep.confirm')}
      destructive
      busy={isLoading}
      error={error}
      onConfirm={() => void onReset()}
      onCancel={close}
    />
  );
}
