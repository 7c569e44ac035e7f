import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PASSWORD_MIN } from '@visus/contracts';
import { errorMessage } from '@/lib/api/api-error';
import { useRegisterMutation } from '@/lib/auth/auth-api';
import { textFieldProps } from '@/lib/forms';
import { AuthCard } from './auth-card';
import { registerFormSchema, type RegisterFormValues } from './register-form.schema';

const EMPTY: RegisterFormValues = { name: '', email: '', dob: '', password: '', confirmPassword: '' };

/** Today as YYYY-MM-DD in local time: the latest date the date picker offers. */
function todayIso(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * /register. An invitation link may carry `?invite=<code>`, sent along as `inviteCode`. On success the
 * person is signed in and the guest guard moves them on to their dashboard.
 */
export function RegisterPage() {
  const [searchParams] = useSearchParams();
  const inviteCode = searchParams.get('invite')?.trim() || undefined;
  const [registerAccount, { isLoading, error }] = useRegisterMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(registerFormSchema), defaultValues: EMPTY, mode: 'onTouched' });

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...body }) => {
    await registerAccount(inviteCode ? { ...body, inviteCode } : body);
  });

  return (
    <AuthCard
      title="Create your account"
      subtitle="Your account keeps your screen calibration, optical history and test results together."
      footer={
        <>
          Already have an account?{' '}
          <Link component={RouterLink} to="/login">
            Log in
          </Link>
        </>
      }
    >
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Register">
        <Stack spacing={2.5}>
          {inviteCode && <Alert severity="info">You are registering with an invitation.</Alert>}
          {error && <Alert severity="error">{errorMessage(error)}</Alert>}
          <TextField label="Name" autoComplete="name" {...textFieldProps(register('name'), errors.name)} />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            {...textFieldProps(register('email'), errors.email)}
          />
          <TextField
            label="Date of birth"
            type="date"
            autoComplete="bday"
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayIso() } }}
            {...textFieldProps(
              register('dob'),
              errors.dob,
              'Used to interpret results that depend on age, such as reading (presbyopia).',
            )}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            {...textFieldProps(register('password'), errors.password, `At least ${PASSWORD_MIN} characters.`)}
          />
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            {...textFieldProps(register('confirmPassword'), errors.confirmPassword)}
          />
          <Button type="submit" variant="contained" size="large" loading={isLoading}>
            Register
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
