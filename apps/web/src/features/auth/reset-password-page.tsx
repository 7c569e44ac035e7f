import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { PASSWORD_MIN, resetPasswordBodySchema, resetTokenParamsSchema } from '@visus/contracts';
import { dashboardPath } from '@visus/core';
import { useAppDispatch } from '@/app/hooks';
import { errorMessage } from '@/lib/api/api-error';
import { useResetPasswordMutation } from '@/lib/auth/auth-api';
import { useAuth } from '@/lib/auth/use-auth';
import { textFieldProps } from '@/lib/forms';
import { noticeShown } from '@/lib/notice/notice-slice';
import { AuthCard } from './auth-card';
import { PASSWORDS_DO_NOT_MATCH } from './register-form.schema';
import { useT } from '@/lib/i18n/i18n';
import { translateServerMessage } from '@/lib/i18n/server-messages';
import '@/lib/i18n/signup-messages';

const resetFormSchema = resetPasswordBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    error: PASSWORDS_DO_NOT_MATCH,
  });

/** The message of a link that cannot work (malformed), the same one the server gives for an expired link. */
function linkProblem(token: string | undefined): string | null {
  const parsed = resetTokenParamsSchema.safeParse({ token: token ?? '' });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Password reset link is invalid');
}

/**
 * /reset-password/:token, reached from the emailed link. Setting the password signs the person in
 * with the returned token; they land on their dashboard with a notice.
 */
export function ResetPasswordPage() {
  const t = useT();
  const { token: resetToken = '' } = useParams();
  const [resetPassword, { data, isLoading, isSuccess, error }] = useResetPasswordMutation();
  const auth = useAuth();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const signedInWithNewToken =
    isSuccess && auth.isAuth && !auth.loading && auth.role !== null && auth.token === data?.token;
  useEffect(() => {
    if (!signedInWithNewToken || auth.role === null) return;
    dispatch(noticeShown({ message: t('reset.done') }));
    void navigate(dashboardPath(auth.role), { replace: true });
  }, [signedInWithNewToken, auth.role, dispatch, navigate, t]);

  const onSubmit = handleSubmit(async ({ password }) => {
    await resetPassword({ resetToken, password });
  });

  const untranslated = linkProblem(resetToken) ?? (error ? errorMessage(error) : null);
  const problem = untranslated === null ? null : translateServerMessage(untranslated);
  const requestNewLink = (
    <Link component={RouterLink} to="/reset-password">
      {t('reset.requestNewLink')}
    </Link>
  );

  return (
    <AuthCard
      title={t('reset.title')}
      subtitle={t('reset.subtitle', { min: PASSWORD_MIN })}
      footer={
        <>
          {t('reset.linkNotWorking')} {requestNewLink} {t('reset.or')}{' '}
          <Link component={RouterLink} to="/login">
            {t('reset.logIn')}
          </Link>
          .
        </>
      }
    >
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('reset.title')}>
        <Stack spacing={2.5}>
          {problem && (
            <Alert severity="error">
              {problem}
              {/link/i.test(untranslated ?? '') && <> &mdash; {requestNewLink}</>}
            </Alert>
          )}
          <TextField
            label={t('reset.newPassword')}
            type="password"
            autoComplete="new-password"
            autoFocus
            {...textFieldProps(register('password'), errors.password)}
          />
          <TextField
            label={t('reset.confirmNewPassword')}
            type="password"
            autoComplete="new-password"
            {...textFieldProps(register('confirmPassword'), errors.confirmPassword)}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={isLoading || (isSuccess && !signedInWithNewToken)}
            disabled={linkProblem(resetToken) !== null}
          >
            {t('reset.submit')}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
