import { useState } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { INVALID_LOGIN } from '@visus/contracts/constants';
import { useAppDispatch } from '@/app/hooks';
import { errorMessage } from '@/lib/api/api-error';
import { logIn } from '@/lib/auth/log-in';
import { lazyResolver, TextInput, textFieldProps } from '@/lib/forms';
import { AuthCard } from './auth-card';

// zod and the contracts' schemas download with the first submit, not with the screen (issue 9 part 6).
const resolver = lazyResolver(() => import('./login-form.schema').then((module) => module.loginResolver));

/** /login. On success the guest guard moves the person on to their dashboard. */
export function LoginPage() {
  const dispatch = useAppDispatch();
  const [isLoading, setLoading] = useState(false);
  const [error, setError] = useState<FetchBaseQueryError | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver, defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (body) => {
    setLoading(true);
    setError(null);
    const result = await dispatch(logIn(body));
    setLoading(false);
    setError(result.error ?? null);
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
          {(error || errors.root) && (
            <Alert severity="error">{errors.root?.message ?? errorMessage(error, INVALID_LOGIN)}</Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            {...textFieldProps(register('email'), errors.email)}
          />
          <TextInput
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
