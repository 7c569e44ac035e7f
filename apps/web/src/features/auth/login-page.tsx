import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { INVALID_LOGIN, loginBodySchema } from '@visus/contracts';
import { errorMessage } from '@/lib/api/api-error';
import { useLoginMutation } from '@/lib/auth/auth-api';
import { textFieldProps } from '@/lib/forms';
import { AuthCard } from './auth-card';

/** /login. On success the guest guard moves the person on to their dashboard. */
export function LoginPage() {
  const [login, { isLoading, error }] = useLoginMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginBodySchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (body) => {
    await login(body);
  });

  return (
    <AuthCard
      title="Log in"
      subtitle="Welcome back. Log in to continue your tests and see your results."
      footer={
        <>
          New to Visus?{' '}
          <Link component={RouterLink} to="/register">
            Create an account
          </Link>
        </>
      }
    >
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Log in">
        <Stack spacing={2.5}>
          {error && <Alert severity="error">{errorMessage(error, INVALID_LOGIN)}</Alert>}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            {...textFieldProps(register('email'), errors.email)}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            {...textFieldProps(register('password'), errors.password)}
          />
          <Box sx={{ textAlign: 'right', mt: '8px !important' }}>
            <Link component={RouterLink} to="/reset-password" variant="body2">
              Forgot password?
            </Link>
          </Box>
          <Button type="submit" variant="contained" size="large" loading={isLoading}>
            Log in
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
