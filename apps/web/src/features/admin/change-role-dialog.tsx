import type { AdminUser } from '@visus/contracts';
import type { Role } from '@visus/core';
import { ConfirmDialog } from '@/components/confirm-dialog';
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
  clinician:
    'Clinicians use Visus as users do and also read the results of patients who share them with the clinic.',
};

/** Confirms a role change, then sends PUT /admin/users/:id/role. A refusal (e.g. the last admin) shows here. */
export function ChangeRoleDialog({ change, onClose }: { change: RoleChange | null; onClose: () => void }) {
  const [updateRole, { isLoading, error, reset }] = useUpdateRoleMutation();

  const close = () => {
    reset();
    onClose();
  };

  const onConfirm = async () => {
    if (!change) return;
    const result = await updateRole({ id: change.user._id, role: change.role });
    if ('error' in result) return;
    close();
  };

  return (
    <ConfirmDialog
      open={change !== null}
      id="change-role"
      title="Change role?"
      text={
        change && (
          <>
            Make <strong>{change.user.name}</strong> ({change.user.email}) {withArticle(change.role)} instead
            of {withArticle(change.user.role)}? {CONSEQUENCES[change.role]}
          </>
        )
      }
      confirmLabel={change ? `Make ${ROLE_LABELS[change.role]}` : 'Change role'}
      focus="confirm"
      busy={isLoading}
      error={error}
      onConfirm={() => void onConfirm()}
      onCancel={close}
    />
  );
}
