import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { QRCodeSVG } from 'qrcode.react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { dashboardPath } from '@visus/core';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { errorMessage } from '@/lib/api/api-error';
import { selectRole, selectTwoFactorSetupNeeded, twoFactorSetUp } from '@/lib/auth/auth-slice';
import {
  useConfirmTwoFactorEnrolmentMutation,
  useGetTwoFactorQuery,
  useStartTwoFactorEnrolmentMutation,
} from '@/lib/auth/two-factor-api';
import { FormError, TextInput } from '@/lib/forms';
import { RecoveryCodes } from '@/components/recovery-codes';
import { useT } from '@/lib/i18n/i18n';
import { translateServerMessage } from '@/lib/i18n/server-messages';
import '@/lib/i18n/account-messages';

/** The secret as people type it: groups of four. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * /two-step-setup: turning on two-step sign-in (issue 19 item 7, docs/adr/0023). The server makes a
 * secret; the person scans its QR code (or types the secret) into an authenticator app and confirms with
 * a code; then the ten recovery codes show, once. When the role requires it (REQUIRE_2FA_FOR) this is the
 * only screen the account reaches until done.
 */
export function TwoStepSetupPage() {
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const role = useAppSelector(selectRole);
  const required = useAppSelector(selectTwoFactorSetupNeeded);
  const status = useGetTwoFactorQuery();
  const [start, started] = useStartTwoFactorEnrolmentMutation();
  const [confirm, confirmed] = useConfirmTwoFactorEnrolmentMutation();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);

  const finish = () => {
    dispatch(twoFactorSetUp());
    void navigate(role ? dashboardPath(role) : '/', { replace: true });
  };

  const onConfirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const answer = await confirm({ code: code.trim() });
    if ('data' in answer && answer.data) setCodes(answer.data.recoveryCodes);
    else setCode('');
  };

  let body;
  if (codes) {
    body = (
      <Stack spacing={3}>
        <Alert severity="success">{t('account.setup.done')}</Alert>
        <RecoveryCodes codes={codes} />
        <Button variant="contained" size="large" onClick={finish}>
          {t('account.setup.savedCodes')}
        </Button>
      </Stack>
    );
  } else if (status.data && !status.data.available && !status.data.enabled) {
    body = <Alert severity="info">{t('account.setup.notForRole')}</Alert>;
  } else if (status.data?.enabled) {
    body = (
      <Stack spacing={2}>
        <Alert severity="info">{t('account.setup.alreadyOn')}</Alert>
        <Button variant="contained" onClick={finish}>
          {t('account.continue')}
        </Button>
      </Stack>
    );
  } else if (!started.data) {
    body = (
      <Stack spacing={2}>
        {started.error && <FormError>{translateServerMessage(errorMessage(started.error))}</FormError>}
        <Typography>{t('account.setup.needApp')}</Typography>
        <Button variant="contained" size="large" loading={started.isLoading} onClick={() => void start()}>
          {t('account.setup.showQr')}
        </Button>
      </Stack>
    );
  } else {
    const { secret, uri } = started.data;
    body = (
      <Stack spacing={3}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: 'center' }}>
          <Box
            sx={{
              p: 1.5,
              bgcolor: '#fff',
              borderRadius: 1,
              lineHeight: 0,
              border: 1,
              borderColor: 'divider',
            }}
          >
            <QRCodeSVG value={uri} size={200} level="M" role="img" aria-label={t('account.setup.qrLabel')} />
          </Box>
          <Stack spacing={1} sx={{ minWidth: 0 }}>
            <Typography>{t('account.setup.scan')}</Typography>
            <Typography>{t('account.setup.cannotScan')}</Typography>
            <Typography
              data-testid="two-factor-secret"
              aria-label={t('account.setup.keyLabel')}
              sx={{
                fontFamily: '"Roboto Mono", "DejaVu Sans Mono", Menlo, Consolas, monospace',
                fontSize: '1.1rem',
                fontWeight: 700,
                wordBreak: 'break-word',
              }}
            >
              {grouped(secret)}
            </Typography>
          </Stack>
        </Stack>
        <Box component="form" noValidate onSubmit={onConfirm} aria-label={t('account.setup.form')}>
          <Stack spacing={2}>
            <Typography>{t('account.setup.enterCode')}</Typography>
            {confirmed.error && (
              <FormError>{translateServerMessage(errorMessage(confirmed.error))}</FormError>
            )}
            <TextInput
              label={t('account.setup.codeLabel')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            <Button type="submit" variant="contained" size="large" loading={confirmed.isLoading}>
              {t('account.setup.submit')}
            </Button>
          </Stack>
        </Box>
      </Stack>
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 720, mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('account.twoStep.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {required ? `${t('account.setup.required')} ` : ''}
        {t('account.setup.intro')}
      </Typography>
      {body}
    </Paper>
  );
}
