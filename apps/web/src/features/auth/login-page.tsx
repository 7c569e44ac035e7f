import { lazy, Suspense, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { FieldErrors } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { INVALID_LOGIN } from '@visus/contracts/constants';
import { useAppDispatch } from '@/app/hooks';
import { errorMessage } from '@/lib/api/api-error';
import { logIn } from '@/lib/auth/log-in';
import { FormError, lazyResolver, TextInput } from '@/lib/forms';
import { AuthCard } from './auth-card';
import { loadCatalog, useT, wantedLanguage } from '@/lib/i18n/i18n';
import { translateServerMessage } from '@/lib/i18n/server-messages';

// zod and the contracts' schemas download with the first submit, not with the screen (issue 9 part 6).
const resolver = lazyResolver(() => import('./login-form.schema').then((module) => module.loginResolver));
const RESOLVE = { fields: {}, shouldUseNativeValidation: false } as const;
// The code step downloads only when the server asks for it (two-step sign-in on, docs/adr/0023).
// Its words are the account area's (issue 20): they download with it.
const SecondStepForm = lazy(() =>
  Promise.all([import('./second-step-form'), loadCatalog(wantedLanguage(), 'account')]).then(
    ([form]) => form,
  ),
);

type Values = { email: string; password: string };
const FIELDS = ['email', 'password'] as const;

/**
 * /login. On success the guest guard moves the person on to their dashboard.
 *
 * Two fields, so no form library (docs/adr/0006): the values live in state, the contracts' schema checks
 * them on submit (through the same lazily loaded resolver the other forms use) and again on every change
 * after a refused submit, and the first invalid field takes the focus — as react-hook-form does there.
 */
export function LoginPage() {
  const t = useT();
  const dispatch = useAppDispatch();
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [checked, setChecked] = useState(false);
  const [isLoading, setLoading] = useState(false);
  const [error, setError] = useState<FetchBaseQueryError | null>(null);
  const [ticket, setTicket] = useState<string | null>(null);

  const check = async (next: Values) => {
    const result = await resolver(next, undefined, RESOLVE);
    setErrors(result.errors);
    return result;
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [event.target.name]: event.target.value };
    setValues(next);
    if (checked) void check(next);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (isLoading) return;
    setChecked(true);
    const result = await check(values);
    const invalid = FIELDS.find((name) => result.errors[name]);
    if (invalid) {
      (form.elements.namedItem(invalid) as HTMLInputElement | null)?.focus();
      return;
    }
    if (result.errors.root) return;
    setLoading(true);
    setError(null);
    const answer = await dispatch(logIn(result.values as Values));
    setLoading(false);
    setError(answer.error ?? null);
    if (answer.data && 'secondStep' in answer.data) setTicket(answer.data.secondStep.ticket);
  };

  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    onChange,
    error: errors[name] !== undefined,
    helperText: translateServerMessage(errors[name]?.message),
  });

  if (ticket !== null) {
    return (
      <Suspense>
        <SecondStepForm
          ticket={ticket}
          onRestart={() => {
            setTicket(null);
            setValues({ ...values, password: '' });
          }}
        />
      </Suspense>
    );
  }

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.newToVisus')}{' '}
          <Link component={RouterLink} to="/register">
            {t('login.createAccount')}
          </Link>
        </>
      }
    >
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('login.title')}>
        <Stack spacing={2.5}>
          {(error || errors.root) && (
            <FormError>
              {translateServerMessage(errors.root?.message ?? errorMessage(error, INVALID_LOGIN))}
            </FormError>
          )}
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            autoFocus
            {...field('email')}
          />
          <TextInput
            label={t('auth.password')}
            type="password"
            autoComplete="current-password"
            {...field('password')}
          />
          <Box sx={{ textAlign: 'right', mt: '8px !important' }}>
            <Link component={RouterLink} to="/reset-password" variant="body2">
              {t('login.forgotPassword')}
            </Link>
          </Box>
          <Button type="submit" variant="contained" size="large" loading={isLoading}>
            {t('login.submit')}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
