import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@/lib/api/api-error';
import {
  useDisableTwoFactorMutation,
  useGetTwoFactorQuery,
  useRegenerateRecoveryCodesMutation,
} from '@/lib/auth/two-factor-api';
import { FormError, TextInput } from '@/lib/forms';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { RecoveryCodes } from '@/components/recovery-codes';
import { useT } from '@/lib/i18n/i18n';
import { translateServerMessage } from '@/lib/i18n/server-messages';
import { LoadingPlaceholder } from '@/components/loading-placeholder';

/** Turning off: the password and a code, so that a session left open cannot do it. */
function TurnOffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const [disable, disabling] = useDisableTwoFactorMutation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const close = () => {
    if (disabling.isLoading) return;
    setPassword('');
    setCode('');
    disabling.reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="two-step-off-title" fullWidth maxWidth="xs">
      <DialogTitle id="two-step-off-title">{t('account.twoStep.offTitle')}</DialogTitle>
      <Stack
        component="form"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          const answer = await disable({ password, code: code.trim() });
          if (!('error' in answer)) close();
        }}
      >
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Typography color="text.secondary">{t('account.twoStep.offExplain')}</Typography>
            {disabling.error && (
              <FormError>{translateServerMessage(errorMessage(disabling.error))}</FormError>
            )}
            <TextInput
              label={t('auth.password')}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <TextInput
              label={t('account.twoStep.code')}
              autoComplete="one-time-code"
              helperText={t('account.twoStep.codeHelp')}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('shell.cancel')}</Button>
          <Button type="submit" color="error" variant="contained" loading={disabling.isLoading}>
            {t('account.twoStep.turnOff')}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}

/** New recovery codes for a code; the old ones stop working. The new ones show once, in the dialog. */
function NewCodesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const [regenerate, regenerating] = useRegenerateRecoveryCodesMutation();
  const [code, setCode] = useState('');
  const close = () => {
    if (regenerating.isLoading) return;
    setCode('');
    regenerating.reset();
    onClose();
  };
  const codes = regenerating.data?.recoveryCodes;
  return (
    <Dialog open={open} onClose={close} aria-labelledby="two-step-codes-title" fullWidth maxWidth="sm">
      <DialogTitle id="two-step-codes-title">{t('account.twoStep.newCodes')}</DialogTitle>
      {codes ? (
        <>
          <DialogContent>
            <RecoveryCodes codes={codes} />
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={close}>
              {t('account.twoStep.savedThem')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <Stack
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void regenerate({ code: code.trim() });
          }}
        >
          <DialogContent>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <Typography color="text.secondary">{t('account.twoStep.newCodesText')}</Typography>
              {regenerating.error && (
                <FormError>{translateServerMessage(errorMessage(regenerating.error))}</FormError>
              )}
              <TextInput
                label={t('account.twoStep.code')}
                autoComplete="one-time-code"
                helperText={t('account.twoStep.codeHelp')}
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('shell.cancel')}</Button>
            <Button type="submit" variant="contained" loading={regenerating.isLoading}>
              {t('account.twoStep.makeCodes')}
            </Button>
          </DialogActions>
        </Stack>
      )}
    </Dialog>
  );
}

/**
 * Profile's "Two-step sign-in" card (clinicians and admins, issue 19 item 7): whether it is on, and
 * turning it on (the enrolment screen), off, or making new recovery codes.
 */
export function TwoStepCard() {
  const t = useT();
  const { data, error, isLoading, refetch } = useGetTwoFactorQuery();
  const [dialog, setDialog] = useState<'off' | 'codes' | null>(null);
  if (isLoading)
    return (
      <LoadingPlaceholder label={t('account.twoStep.loading')}>
        <Skeleton variant="rounded" height={120} />
      </LoadingPlaceholder>
    );
  if (error || !data) return <LoadErrorAlert error={error} onRetry={() => void refetch()} />;
  if (!data.available && !data.enabled) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="two-step-title" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography id="two-step-title" variant="h6" component="h2">
          {t('account.twoStep.title')}
        </Typography>
        <Chip
          size="small"
          label={data.enabled ? t('account.twoStep.on') : t('account.twoStep.off')}
          color={data.enabled ? 'success' : 'default'}
        />
      </Stack>
      <Stack spacing={1.5} sx={{ mt: 1 }}>
        {data.enabled ? (
          <Typography>
            {t('account.twoStep.enabledText', { left: data.recoveryCodesLeft })}
            {data.required && ` ${t('account.twoStep.requiredText')}`}
          </Typography>
        ) : (
          <Typography>{t('account.twoStep.offText')}</Typography>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {data.enabled ? (
            <>
              <Button variant="outlined" onClick={() => setDialog('codes')}>
                {t('account.twoStep.newCodes')}
              </Button>
              {!data.required && (
                <Button variant="outlined" color="error" onClick={() => setDialog('off')}>
                  {t('account.twoStep.turnOff')}
                </Button>
              )}
            </>
          ) : (
            <Button variant="contained" component={RouterLink} to="/two-step-setup">
              {t('account.twoStep.turnOn')}
            </Button>
          )}
        </Stack>
      </Stack>
      <TurnOffDialog open={dialog === 'off'} onClose={() => setDialog(null)} />
      <NewCodesDialog open={dialog === 'codes'} onClose={() => setDialog(null)} />
    </Paper>
  );
}
