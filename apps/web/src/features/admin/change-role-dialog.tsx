import type { AdminUser } from '@visus/contracts';
import type { Role } from '@visus/core';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useUpdateRoleMutation } from './admin-api';
import { useT, type MessageId } from '@/lib/i18n/i18n';
import { tParts } from '@/lib/i18n/rich-text';
import { ROLE_LABELS, ROLE_WITH_ARTICLE } from './role-labels';

/** What the admin picked in a row's role select, waiting for confirmation. */
export interface RoleChange {
  user: AdminUser;
  role: Role;
}

const CONSEQUENCES: Record<Role, MessageId> = {
  admin: 'admin.changeRole.consequence.admin',
  user: 'admin.changeRole.consequence.user',
  tester: 'admin.changeRole.consequence.tester',
  clinician: 'admin.changeRole.consequence.clinician',
};

/** Confirms a role change, then sends PUT /admin/users/:id/role. A refusal (e.g. the last admin) shows here. */
export function ChangeRoleDialog({ change, onClose }: { change: RoleChange | null; onClose: () => void }) {
  const t = useT();
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
      title={t('admin.changeRole.title')}
      text={
        change &&
        tParts(
          'admin.changeRole.text',
          { name: <strong>{change.user.name}</strong> },
          {
            email: change.user.email,
            role: t(ROLE_WITH_ARTICLE[change.role]),
            from: t(ROLE_WITH_ARTICLE[change.user.role]),
            consequence: t(CONSEQUENCES[change.role]),
          },
        )
      }
      confirmLabel={
        change
          ? t('admin.changeRole.confirm', { role: t(ROLE_LABELS[change.role]) })
          : t('admin.changeRole.confirmAny')
      }
      focus="confirm"
      busy={isLoading}
      error={error}
      onConfirm={() => void onConfirm()}
      onCancel={close}
    />
  );
}
