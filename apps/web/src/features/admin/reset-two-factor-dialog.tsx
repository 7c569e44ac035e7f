import type { AdminUser } from '@visus/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useResetTwoFactorMutation } from './admin-api';

interface ResetTwoFactorDialogProps {
  user: AdminUser | null;
  onClose: () => void;
}

/**
 * Resetting two-step sign-in lets whoever knows the account's password sign in with it alone, so the
 * dialog asks the admin to have checked who is asking, outside Visus, first (docs/security.md).
 */
export function ResetTwoFactorDialog({ user, onClose }: ResetTwoFactorDialogProps) {
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
      title="Reset two-step sign-in?"
      text={
        user && (
          <>
            <strong>{user.name}</strong> will sign in with their password alone until they turn two-step
            sign-in on again (a role that requires it sets it up at the next sign-in). Do this only for
            someone who lost their authenticator and recovery codes, and only after you have checked, outside
            Visus, that it is them asking. They get a mail saying it was reset.
          </>
        )
      }
      confirmLabel="Reset"
      destructive
      busy={isLoading}
      error={error}
      onConfirm={() => void onReset()}
      onCancel={close}
    />
  );
}
