import { useState, type FormEvent } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TokenResponse } from '@visus/contracts';
import { useAppDispatch } from '@/app/hooks';
import { apiFetch } from '@/lib/api/api-fetch';
import type { AnyDispatch } from '@/lib/api/session-guard';
import { errorMessage } from '@/lib/api/api-error';
import { storeSignInToken } from '@/lib/auth/auth-slice';
import { loadCurrentUser } from '@/lib/auth/current-user';
import { FormError, TextInput } from '@/lib/forms';
import { useT } from '@/lib/i18n/i18n';
import { translateServerMessage } from '@/lib/i18n/server-messages';
import '@/lib/i18n/account-messages';
import { AuthCard } from './auth-card';

/** POST /auth/login/second-step; on success stores the token and loads the current user, as logIn does. */
const finishSignIn =
  (ticket: string, code: string) =>
  async (dispatch: AnyDispatch, getState: () => unknown): Promise<FetchBaseQueryError | null> => {
    const result = await apiFetch<TokenResponse>(
      '/auth/login/second-step',
      { method: 'POST', body: { ticket, code } },
      dispatch,
      getState,
    );
    if (result.error) return result.error;
    dispatch(storeSignInToken(result.data.token));
    void dispatch(loadCurrentUser());
    return null;
  };

interface SecondStepFormProps {
  /** From POST /auth/login: proof that the password was right, for 5 minutes. */
  ticket: string;
  /** Back to email and password (the ticket expired, or another account). */
  onRestart: () => void;
}

/**
 * The second step of signing in (the whole card, in place of the login form) with two-step sign-in on (docs/adr/0023): a code from the authenticator
 * app or a recovery code. Loaded only when the server asks for it, so the login screen's start-up JS does
 * not grow; one field, so no form library (docs/adr/0006).
 */
export function SecondStepForm({ ticket, onRestart }: SecondStepFormProps) {
  const t = useT();
  const dispatch = useAppDispatch();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const [isLoading, setLoading] = useState(false);
  const [error, setError] = useState<FetchBaseQueryError | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    if (code.trim().length < 6) {
      setMissing(true);
      (event.currentTarget.elements.namedItem('code') as HTMLInputElement | null)?.focus();
      return;
    }
    setLoading(true);
    setError(null);
    const failure = await dispatch(finishSignIn(ticket, code.trim()));
    setLoading(false);
    setError(failure);
    if (failure) setCode('');
  };

  return (
    <AuthCard title={t('account.twoStep.title')}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('account.twoStep.title')}>
        <Stack spacing={2.5}>
          <Typography color="text.secondary">{t('account.secondStep.text')}</Typography>
          {error && <FormError>{translateServerMessage(errorMessage(error))}</FormError>}
          <TextInput
            label={t('account.twoStep.code')}
            name="code"
            autoComplete="one-time-code"
            autoFocus
            spellCheck={false}
            autoCapitalize="off"
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setMissing(false);
            }}
            error={missing}
            helperText={missing ? t('account.secondStep.missing') : undefined}
          />
          <Button type="submit" variant="contained" size="large" loading={isLoading}>
            {t('account.continue')}
          </Button>
          <Button variant="text" onClick={onRestart}>
            {t('account.secondStep.otherAccount')}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}

/** For React.lazy on the login screen: a default export spares it the bytes of picking the name out. */
export default SecondStepForm;
