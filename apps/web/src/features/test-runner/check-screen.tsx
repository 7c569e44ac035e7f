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
  return (
    <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
      <Typography
        variant="h3"
        component="h1"
        sx={{ fontWeight: 700, fontSize: { xs: '1.75rem', md: '2.5rem' } }}
      >
        {fullscreen ? (
          'Please look at your phone controller'
        ) : (
          <>
            Please turn on full screen with the full-screen button{' '}
            <FullscreenIcon aria-hidden="true" sx={{ fontSize: '1em', verticalAlign: '-0.12em' }} /> at the
            bottom right
          </>
        )}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 640 }}>
        {fullscreen
          ? 'Your phone asks whether you wear glasses or contact lenses, then the test begins.'
          : 'Then look at your phone controller: it asks whether you wear glasses or contact lenses, and the test begins.'}
      </Typography>
      {repainted && (
        <Alert severity="info" data-testid="own-colours-notice" sx={{ maxWidth: 640, textAlign: 'left' }}>
          Your system's high-contrast or inverted colours are on. The test itself keeps its own colours on
          purpose: the sizes and contrasts it measures depend on them. Buttons and text around it still follow
          your settings.
        </Alert>
      )}
      {(connection === 'refused' || connection === 'ended') && connectionError && (
        <Alert severity="error">
          The phone link is not available: {connectionError}. You can still use this keyboard.
        </Alert>
      )}
      {connection === 'reconnecting' && (
        <Alert severity="warning">Connecting to the server again… You can also use this keyboard.</Alert>
      )}
      {controllerConnected ? (
        <Alert severity="info">Your phone is connected. Answer the question on your phone to begin.</Alert>
      ) : (
        <PairingPanel pin={pin} controllerConnected={controllerConnected} />
      )}
      {!keyboard ? (
        <Button variant="outlined" startIcon={<KeyboardIcon />} onClick={() => setKeyboard(true)}>
          No phone? Use this keyboard
        </Button>
      ) : (
        <Paper variant="outlined" sx={{ p: 3, maxWidth: 560, width: '100%', textAlign: 'left' }}>
          <Stack spacing={2}>
            <FormControl>
              <FormLabel id={labelId}>What do you wear for this test?</FormLabel>
              <RadioGroup
                aria-labelledby={labelId}
                value={correction}
                onChange={(event) => setCorrection(event.target.value as Correction)}
              >
                {CORRECTIONS.map((c) => (
                  <FormControlLabel key={c} value={c} control={<Radio />} label={c} />
                ))}
              </RadioGroup>
            </FormControl>
            <Typography variant="body2" color="text.secondary">
              Keys: letters for Sloan, arrow keys or the numeric keypad for directions, 0 or ? if you can’t
              see the letter, Space to start or continue, Enter to submit. The Info page lists every key.
            </Typography>
            <Box>
              <Button variant="contained" onClick={() => onKeyboard(correction)}>
                Use the keyboard
              </Button>
            </Box>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
