import type { Invite } from '@visus/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useRevokeInviteMutation } from './admin-api';
import { useT } from '@/lib/i18n/i18n';
import { tParts } from '@/lib/i18n/rich-text';

interface RevokeInviteDialogProps {
  invite: Invite | null;
  onClose: () => void;
  /** Called after the server revoked it (then onClose). */
  onRevoked?: (invite: Invite) => void;
}

/** Confirms, then revokes a pending invite (DELETE /admin/invites/:id): its link stops working. */
export function RevokeInviteDialog({ invite, onClose, onRevoked }: RevokeInviteDialogProps) {
  const t = useT();
  const [revokeInvite, { isLoading, error, reset }] = useRevokeInviteMutation();

  const close = () => {
    reset();
    onClose();
  };

  const onRevoke = async () => {
    if (!invite) return;
    const result = await revokeInvite({ id: invite._id, email: invite.email });
    if ('error' in result) return;
    onRevoked?.(invite);
    close();
  };

  return (
    <ConfirmDialog
      open={invite !== null}
      id="revoke-invite"
      title={t('admin.revoke.title')}
      text={invite && tParts('admin.revoke.text', { email: <strong>{invite.email}</strong> })}
      confirmLabel={t('admin.invites.revoke')}
      destructive
      busy={isLoading}
      error={error}
      onConfirm={() => void onRevoke()}
      onCancel={close}
    />
  );
}
