import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  INVITE_INVALID,
  INVITE_TTL_DAYS_DEFAULT,
  PASSWORD_MIN,
  REGISTRATION_BY_INVITE_ONLY,
  type InvitePreview,
} from '@visus/contracts';
import type { Role } from '@visus/core';
import { errorMessage, serverMessage } from '@/lib/api/api-error';
import { useRegisterMutation } from '@/lib/auth/auth-api';
import { textFieldProps } from '@/lib/forms';
import { AuthCard } from './auth-card';
import { useGetInvitePreviewQuery } from './invite-api';
import { registerFormSchema, type RegisterFormValues } from './register-form.schema';

const EMPTY: RegisterFormValues = { name: '', email: '', dob: '', password: '', confirmPassword: '' };

const ROLE_NAMES: Record<Role, string> = {
  admin: 'an admin',
  user: 'a user',
  tester: 'a tester',
  clinician: 'a clinician',
};

/** Today as YYYY-MM-DD in local time: the latest date the date picker offers. */
function todayIso(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function longDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'soon';
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

const LOGIN_FOOTER = (
  <>
    Already have an account?{' '}
    <Link component={RouterLink} to="/login">
      Log in
    </Link>
  </>
);

/** The server's refusal, worded for the person: invite-only registration gets guidance, not just the message. */
function RegisterError({ error }: { error: unknown }) {
  if (serverMessage(error) === REGISTRATION_BY_INVITE_ONLY) {
    return (
      <Alert severity="warning">
        <AlertTitle>{REGISTRATION_BY_INVITE_ONLY}</AlertTitle>
        This Visus is run by a clinic that invites its patients. Ask the clinic for an invite: it arrives by
        email with a link that opens this form ready for you.
      </Alert>
    );
  }
  return <Alert severity="error">{errorMessage(error)}</Alert>;
}

interface Invitation {
  code: string;
  preview: InvitePreview;
}

/** The form itself; with an invitation the email is the invited one and cannot be changed. */
function RegisterForm({ invitation }: { invitation?: Invitation }) {
  const [registerAccount, { isLoading, error }] = useRegisterMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { ...EMPTY, email: invitation?.preview.email ?? '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...body }) => {
    await registerAccount(invitation ? { ...body, inviteCode: invitation.code } : body);
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Register">
      <Stack spacing={2.5}>
        {invitation && (
          <Alert severity="info">
            You have been invited to join Visus as <strong>{ROLE_NAMES[invitation.preview.role]}</strong>. The
            invite is for {invitation.preview.email} and works until {longDate(invitation.preview.expiresAt)}.
          </Alert>
        )}
        {error && <RegisterError error={error} />}
        <TextField label="Name" autoComplete="name" {...textFieldProps(register('name'), errors.name)} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          slotProps={invitation ? { htmlInput: { readOnly: true } } : undefined}
          {...textFieldProps(
            register('email'),
            errors.email,
            invitation ? 'The invite is for this email address.' : undefined,
          )}
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
  );
}

/**
 * /register. An invitation link carries `?invite=<code>`: the invite is looked up (GET /auth/invite/:code)
 * to pre-fill the email and show the role it grants, and the code is sent along as `inviteCode`. On
 * success the person is signed in and the guest guard moves them on to their dashboard.
 */
export function RegisterPage() {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('invite')?.trim() || undefined;
  const invite = useGetInvitePreviewQuery(code ?? skipToken);
  const subtitle = 'Your account keeps your screen calibration, optical history and test results together.';

  if (code && (invite.isLoading || invite.isUninitialized)) {
    return (
      <AuthCard title="Create your account" subtitle="Checking your invite…">
        <Stack spacing={2.5} aria-busy="true">
          {Array.from({ length: 4 }, (_, row) => (
            <Skeleton key={row} variant="rounded" height={56} />
          ))}
        </Stack>
      </AuthCard>
    );
  }

  if (code && (invite.error || !invite.data)) {
    return (
      <AuthCard title="This invite link does not work" footer={LOGIN_FOOTER}>
        <Stack spacing={2.5}>
          <Alert severity="error">{errorMessage(invite.error, INVITE_INVALID)}</Alert>
          <Box sx={{ typography: 'body1', color: 'text.secondary' }}>
            Invite links work once and expire after {INVITE_TTL_DAYS_DEFAULT} days. Ask the person who invited
            you to send a new invite, and open the link from the newest email. If you already used it, log in
            instead.
          </Box>
          <Button component={RouterLink} to="/register" variant="outlined">
            Register without an invite
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create your account" subtitle={subtitle} footer={LOGIN_FOOTER}>
      <RegisterForm
        key={code ?? 'no-invite'}
        invitation={code && invite.data ? { code, preview: invite.data } : undefined}
      />
    </AuthCard>
  );
}
