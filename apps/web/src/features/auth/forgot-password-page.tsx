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

/**
 * /reset-password: asks for a reset link. The answer is the server's message, which is the same
 * whether or not an account exists for the email.
 */
export function ForgotPasswordPage() {
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
      title="Reset your password"
      subtitle="Enter the email you registered with and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link component={RouterLink} to="/login">
            Back to log in
          </Link>
        </>
      }
    >
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Request a password reset link">
        <Stack spacing={2.5}>
          {data && (
            <Alert severity="success" role="status">
              {data.message}
            </Alert>
          )}
          {error && <Alert severity="error">{errorMessage(error)}</Alert>}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            {...textFieldProps(register('email'), errors.email)}
          />
          <Button type="submit" variant="contained" size="large" loading={isLoading}>
            Send reset link
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
