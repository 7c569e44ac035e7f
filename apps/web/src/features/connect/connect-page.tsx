import { useState } from 'react';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PIN_LENGTH, normalisePin } from '@visus/core';
import { useT } from '@/lib/i18n/i18n';
import { openControllerPage } from './open-controller';
import { QrScanner } from './qr-scanner';
import { pinProblem } from './scan-pin';

/** /connect — pair this phone with a test on a display, by code or by scanning its QR code (SPEC.md §2). */
export function ConnectPage() {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const t = useT();

  // The camera goes off with the scanner (its cleanup stops the stream) while the controller loads.
  const go = (pin: string) => {
    setScanning(false);
    openControllerPage(pin);
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 480, mx: 'auto' }}>
      <div>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {t('nav.connect')}
        </Typography>
        <Typography color="text.secondary">{t('connect.intro')}</Typography>
      </div>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {scanning ? (
          <QrScanner onPin={go} onClose={() => setScanning(false)} />
        ) : (
          <Stack spacing={3}>
            <Stack
              component="form"
              spacing={2}
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                const pin = normalisePin(typed);
                if (pin) go(pin);
                else setError(pinProblem(typed));
              }}
            >
              <TextField
                label={t('connect.code')}
                value={typed}
                onChange={(event) => {
                  setTyped(event.target.value);
                  setError(null);
                }}
                error={error !== null}
                helperText={error ?? t('connect.codeHelp', { length: String(PIN_LENGTH) })}
                autoFocus
                fullWidth
                slotProps={{
                  htmlInput: {
                    autoCapitalize: 'characters',
                    autoComplete: 'off',
                    autoCorrect: 'off',
                    spellCheck: false,
                    maxLength: 16,
                    style: {
                      fontFamily: '"Roboto Mono", "DejaVu Sans Mono", Menlo, Consolas, monospace',
                      fontSize: '1.75rem',
                      letterSpacing: '0.15em',
                      textTransform: 'uppercase',
                    },
                  },
                }}
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                sx={{ minHeight: 56, fontSize: '1.1rem' }}
              >
                {t('connect.submit')}
              </Button>
            </Stack>
            <Divider>{t('connect.or')}</Divider>
            <Button
              variant="outlined"
              size="large"
              startIcon={<QrCodeScannerIcon />}
              onClick={() => setScanning(true)}
              sx={{ minHeight: 56 }}
            >
              {t('connect.scan')}
            </Button>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
