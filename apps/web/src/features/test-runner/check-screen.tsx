import FullscreenIcon from '@mui/icons-material/Fullscreen';
import { useId, useState } from 'react';
import KeyboardIcon from '@mui/icons-material/Keyboard';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CORRECTIONS, type Correction } from '@visus/core';
import { PairingPanel } from '@/components/pairing-panel';
import { useSystemRepaintsColours } from '@/lib/media/use-media-query';
import { useT } from '@/lib/i18n/i18n';
import type { TestsConnection } from '@/lib/realtime/use-tests-socket';

interface CheckScreenProps {
  pin: string;
  /** Whether the page is in full screen (the instruction changes once it is). */
  fullscreen: boolean;
  controllerConnected: boolean;
  connection: TestsConnection;
  /** The socket's error, if any (the keyboard path works without a socket). */
  connectionError: string | null;
  /** The keyboard path: the correction was answered here instead of on a phone. */
  onKeyboard: (correction: Correction) => void;
}

/**
 * The Check screen (SPEC.md §2, §4 handshake): full screen first, then the phone. Until a phone is paired
 * it shows the QR code and pin; "No phone? Use this keyboard" asks the correction here and completes the
 * check locally, so the keyboard alone can run a test.
 */
export function CheckScreen({
  pin,
  fullscreen,
  controllerConnected,
  connection,
  connectionError,
  onKeyboard,
}: CheckScreenProps) {
  const [keyboard, setKeyboard] = useState(false);
  const [correction, setCorrection] = useState<Correction>('None');
  const labelId = useId();
  const repainted = useSystemRepaintsColours();
  const t = useT();
  return (
    <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
      <Typography
        variant="h3"
        component="h1"
        sx={{ fontWeight: 700, fontSize: { xs: '1.75rem', md: '2.5rem' } }}
      >
        {fullscreen ? (
          t('check.lookAtPhone')
        ) : (
          <>
            {t('check.fullscreenBefore')}{' '}
            <FullscreenIcon aria-hidden="true" sx={{ fontSize: '1em', verticalAlign: '-0.12em' }} />{' '}
            {t('check.fullscreenAfter')}
          </>
        )}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 640 }}>
        {t(fullscreen ? 'check.phoneAsks' : 'check.thenPhone')}
      </Typography>
      {repainted && (
        <Alert severity="info" data-testid="own-colours-notice" sx={{ maxWidth: 640, textAlign: 'left' }}>
          {t('check.ownColours')}
        </Alert>
      )}
      {(connection === 'refused' || connection === 'ended') && connectionError && (
        <Alert severity="error">{t('check.linkUnavailable', { reason: connectionError })}</Alert>
      )}
      {connection === 'reconnecting' && <Alert severity="warning">{t('check.reconnecting')}</Alert>}
      {controllerConnected ? (
        <Alert severity="info">{t('check.phoneConnected')}</Alert>
      ) : (
        <PairingPanel pin={pin} controllerConnected={controllerConnected} />
      )}
      {!keyboard ? (
        <Button variant="outlined" startIcon={<KeyboardIcon />} onClick={() => setKeyboard(true)}>
          {t('check.noPhone')}
        </Button>
      ) : (
        <Paper variant="outlined" sx={{ p: 3, maxWidth: 560, width: '100%', textAlign: 'left' }}>
          <Stack spacing={2}>
            <FormControl>
              <FormLabel id={labelId}>{t('check.wearQuestion')}</FormLabel>
              <RadioGroup
                aria-labelledby={labelId}
                value={correction}
                onChange={(event) => setCorrection(event.target.value as Correction)}
              >
                {CORRECTIONS.map((c) => (
                  <FormControlLabel
                    key={c}
                    value={c}
                    control={<Radio />}
                    label={t(`check.correction.${c}`)}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            <Typography variant="body2" color="text.secondary">
              {t('check.keys')}
            </Typography>
            <Box>
              <Button variant="contained" onClick={() => onKeyboard(correction)}>
                {t('check.useKeyboard')}
              </Button>
            </Box>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
