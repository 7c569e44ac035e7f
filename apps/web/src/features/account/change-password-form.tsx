import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PASSWORD_MIN, updatePasswordBodySchema } from '@visus/contracts';
import { errorMessage } from '@/lib/api/api-error';
import { useUpdatePasswordMutation } from '@/lib/auth/auth-api';
import { textFieldProps } from '@/lib/forms';
import { useT } from '@/lib/i18n/i18n';
import { translateServerMessage } from '@/lib/i18n/server-messages';

const changePasswordFormSchema = updatePasswordBodySchema
  .extend({ confirmNewPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmNewPassword, {
    path: ['confirmNewPassword'],
    error: 'Passwords do not match',
  });

const EMPTY = { currentPassword: '', newPassword: '', confirmNewPassword: '' };

/**
 * PUT /auth/updatepassword. The server revokes every older token and answers with a new one, which
 * the API layer stores, so this device stays signed in and the others are signed out.
 */
export function ChangePasswordForm() {
  const t = useT();
  const [updatePassword, { isLoading, error, reset: resetMutation }] = useUpdatePasswordMutation();
  const [changed, setChanged] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setChanged(false);
    const result = await updatePassword({ currentPassword, newPassword });
    if ('data' in result) {
      reset(EMPTY);
      resetMutation();
      setChanged(true);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('account.password.title')}>
      <Stack spacing={2.5}>
        {changed && (
          <Alert severity="success" role="status">
            {t('account.password.changed')}
          </Alert>
        )}
        {error && <Alert severity="error">{translateServerMessage(errorMessage(error))}</Alert>}
        <TextField
          label={t('account.password.current')}
          type="password"
          autoComplete="current-password"
          {...textFieldProps(register('currentPassword'), errors.currentPassword)}
        />
        <TextField
          label={t('account.password.new')}
          type="password"
          autoComplete="new-password"
          {...textFieldProps(
            register('newPassword'),
            errors.newPassword,
            t('account.password.help', { min: PASSWORD_MIN }),
          )}
        />
        <TextField
          label={t('account.password.confirm')}
          type="password"
          autoComplete="new-password"
          {...textFieldProps(register('confirmNewPassword'), errors.confirmNewPassword)}
        />
        <Box>
          <Button type="submit" variant="contained" loading={isLoading}>
            {t('account.password.title')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
