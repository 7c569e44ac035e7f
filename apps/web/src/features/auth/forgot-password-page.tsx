import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { forgotPasswordBodySchema } from '@visus/contracts';
import { errorMessage } from '@/lib/api/api-error';
import { useForgotPasswordMutation } from '@/lib/auth/auth-api';
import { textFieldProps } from '@/lib/forms';
import { AuthCard } from './auth-card';
import { useT } from '@/lib/i18n/i18n';
import { translateServerMessage } from '@/lib/i18n/server-messages';
import '@/lib/i18n/signup-messages';

/**
 * /reset-password: asks for a reset link. The answer is the server's message, which is the same
 * whether or not an account exists for the email.
 */
export function ForgotPasswordPage() {
  const t = useT();
  const [requestLink, { data, isLoading, error }] = useForgotPasswordMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordBodySchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (body) => {
    await requestLink(body);
  });

  return (
    <AuthCard
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={
        <>
          {t('forgot.remembered')}{' '}
          <Link component={RouterLink} to="/login">
            {t('forgot.backToLogin')}
          </Link>
        </>
      }
    >
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('forgot.form')}>
        <Stack spacing={2.5}>
          {data && (
            <Alert severity="success" role="status">
              {translateServerMessage(data.message)}
            </Alert>
          )}
          {error && <Alert severity="error">{translateServerMessage(errorMessage(error))}</Alert>}
          <TextField
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            autoFocus
            {...textFieldProps(register('email'), errors.email)}
          />
          <Button type="submit" variant="contained" size="large" loading={isLoading}>
            {t('forgot.submit')}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
