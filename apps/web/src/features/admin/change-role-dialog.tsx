import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { AdminUser } from '@visus/contracts';
import type { Role } from '@visus/core';
import { errorMessage } from '@/lib/api/api-error';
import { useUpdateRoleMutation } from './admin-api';
import { ROLE_LABELS, withArticle } from './role-labels';

/** What the admin picked in a row's role select, waiting for confirmation. */
export interface RoleChange {
  user: AdminUser;
  role: Role;
}

const CONSEQUENCES: Record<Role, string> = {
  admin: 'Admins can manage every account and invite people.',
  user: 'Users take tests and see their own results only.',
  tester: 'Testers use Visus as users do (the same screens and menus).',
};

/** Confirms a role change, then sends PUT /admin/users/:id/role. A refusal (e.g. the last admin) shows here. */
export function ChangeRoleDialog({ change, onClose }: { change: RoleChange | null; onClose: () => void }) {
  const [updateRole, { isLoading, error, reset }] = useUpdateRoleMutation();

  const close = () => {
    if (isLoading) return;
    reset();
    onClose();
  };

  const onConfirm = async () => {
    if (!change) return;
    const result = await updateRole({ id: change.user._id, role: change.role });
    if ('error' in result) return;
    reset();
    onClose();
  };

  return (
    <Dialog
      open={change !== null}
      onClose={close}
      aria-labelledby="change-role-title"
      aria-describedby="change-role-text"
    >
      <DialogTitle id="change-role-title">Change role?</DialogTitle>
      {change && (
        <DialogContent>
          <DialogContentText id="change-role-text">
            Make <strong>{change.user.name}</strong> ({change.user.email}) {withArticle(change.role)} instead
            of {withArticle(change.user.role)}? {CONSEQUENCES[change.role]}
          </DialogContentText>
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
        <Button onClick={() => void onConfirm()} variant="contained" loading={isLoading} autoFocus>
          {change ? `Make ${ROLE_LABELS[change.role]}` : 'Change role'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
