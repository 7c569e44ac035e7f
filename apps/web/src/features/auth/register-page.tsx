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
import { currentLanguage, t, useT, type MessageId } from '@/lib/i18n/i18n';
import { translateServerMessage } from '@/lib/i18n/server-messages';
import '@/lib/i18n/signup-messages';

const EMPTY: RegisterFormValues = { name: '', email: '', dob: '', password: '', confirmPassword: '' };

const ROLE_NAMES: Record<Role, MessageId> = {
  admin: 'register.role.admin',
  user: 'register.role.user',
  tester: 'register.role.tester',
  clinician: 'register.role.clinician',
};

/** Today as YYYY-MM-DD in local time: the latest date the date picker offers. */
function todayIso(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function longDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return t('register.soon');
  return date.toLocaleDateString(currentLanguage(), { year: 'numeric', month: 'long', day: 'numeric' });
}

function LoginFooter() {
  const t = useT();
  return (
    <>
      {t('register.haveAccount')}{' '}
      <Link component={RouterLink} to="/login">
        {t('register.logIn')}
      </Link>
    </>
  );
}

/** The server's refusal, worded for the person: invite-only registration gets guidance, not just the message. */
function RegisterError({ error }: { error: unknown }) {
  const t = useT();
  if (serverMessage(error) === REGISTRATION_BY_INVITE_ONLY) {
    return (
      <Alert severity="warning">
        <AlertTitle>{translateServerMessage(REGISTRATION_BY_INVITE_ONLY)}</AlertTitle>
        {t('register.inviteOnlyHelp')}
      </Alert>
    );
  }
  return <Alert severity="error">{translateServerMessage(errorMessage(error))}</Alert>;
}

/** Stands for the emphasised part of a translated sentence (its words decide where it goes). */
const MARK = '\u0000';

/** A translated sentence with the part at {@link MARK} in bold. */
function Emphasised({ text, emphasis }: { text: string; emphasis: string }) {
  const [before, after = ''] = text.split(MARK);
  return (
    <>
      {before}
      <strong>{emphasis}</strong>
      {after}
    </>
  );
}

interface Invitation {
  code: string;
  preview: InvitePreview;
}

/** The form itself; with an invitation the email is the invited one and cannot be changed. */
function RegisterForm({ invitation }: { invitation?: Invitation }) {
  const t = useT();
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
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('register.submit')}>
      <Stack spacing={2.5}>
        {invitation && (
          <Alert severity="info">
            <Emphasised
              text={t('register.invited', {
                role: MARK,
                email: invitation.preview.email,
                date: longDate(invitation.preview.expiresAt),
              })}
              emphasis={t(ROLE_NAMES[invitation.preview.role])}
            />
          </Alert>
        )}
        {error && <RegisterError error={error} />}
        <TextField
          label={t('auth.name')}
          autoComplete="name"
          {...textFieldProps(register('name'), errors.name)}
        />
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          slotProps={invitation ? { htmlInput: { readOnly: true } } : undefined}
          {...textFieldProps(
            register('email'),
            errors.email,
            invitation ? t('register.inviteEmail') : undefined,
          )}
        />
        <TextField
          label={t('register.dob')}
          type="date"
          autoComplete="bday"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayIso() } }}
          {...textFieldProps(register('dob'), errors.dob, t('register.dobHelp'))}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="new-password"
          {...textFieldProps(
            register('password'),
            errors.password,
            t('register.passwordHelp', { min: PASSWORD_MIN }),
          )}
        />
        <TextField
          label={t('register.confirmPassword')}
          type="password"
          autoComplete="new-password"
          {...textFieldProps(register('confirmPassword'), errors.confirmPassword)}
        />
        <Button type="submit" variant="contained" size="large" loading={isLoading}>
          {t('register.submit')}
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
  const t = useT();
  const subtitle = t('register.subtitle');

  if (code && (invite.isLoading || invite.isUninitialized)) {
    return (
      <AuthCard title={t('register.title')} subtitle={t('register.checkingInvite')}>
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
      <AuthCard title={t('register.inviteBroken')} footer={<LoginFooter />}>
        <Stack spacing={2.5}>
          <Alert severity="error">{translateServerMessage(errorMessage(invite.error, INVITE_INVALID))}</Alert>
          <Box sx={{ typography: 'body1', color: 'text.secondary' }}>
            {t('register.inviteHelp', { days: INVITE_TTL_DAYS_DEFAULT })}
          </Box>
          <Button component={RouterLink} to="/register" variant="outlined">
            {t('register.withoutInvite')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('register.title')} subtitle={subtitle} footer={<LoginFooter />}>
      <RegisterForm
        key={code ?? 'no-invite'}
        invitation={code && invite.data ? { code, preview: invite.data } : undefined}
      />
    </AuthCard>
  );
}
