import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Invite } from '@visus/contracts';
import { errorMessage } from '@/lib/api/api-error';
import { useRevokeInviteMutation } from './admin-api';

interface RevokeInviteDialogProps {
  invite: Invite | null;
  onClose: () => void;
  /** Called after the server revoked it (then onClose). */
  onRevoked?: (invite: Invite) => void;
}

/** Confirms, then revokes a pending invite (DELETE /admin/invites/:id): its link stops working. */
export function RevokeInviteDialog({ invite, onClose, onRevoked }: RevokeInviteDialogProps) {
  const [revokeInvite, { isLoading, error, reset }] = useRevokeInviteMutation();

  const close = () => {
    if (isLoading) return;
    reset();
    onClose();
  };

  const onRevoke = async () => {
    if (!invite) return;
    const result = await revokeInvite({ id: invite._id, email: invite.email });
    if ('error' in result) return;
    reset();
    onRevoked?.(invite);
    onClose();
  };

  return (
    <Dialog
      open={invite !== null}
      onClose={close}
      aria-labelledby="revoke-invite-title"
      aria-describedby="revoke-invite-text"
    >
      <DialogTitle id="revoke-invite-title">Revoke this invite?</DialogTitle>
      {invite && (
        <DialogContent>
          <DialogContentText id="revoke-invite-text">
            The link sent to <strong>{invite.email}</strong> will stop working. You can invite them again
            later.
          </DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(error)}
            </Alert>
          )}
        </DialogContent>
      )}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={isLoading} autoFocus>
          Cancel
        </Button>
        <Button onClick={() => void onRevoke()} color="error" variant="contained" loading={isLoading}>
          Revoke
        </Button>
      </DialogActions>
    </Dialog>
  );
}
