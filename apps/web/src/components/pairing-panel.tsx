import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useT } from '@/lib/i18n/i18n';
import { usePairingOrigin } from '@/lib/realtime/pairing-origin';

/** Stands for the link in the translated sentence (its words decide where it goes). */
const MARK = '\u0000';

interface PairingPanelProps {
  /** The session pin (8 characters). */
  pin: string;
  /** True once a phone has joined the session (session-state's controllerConnected). */
  controllerConnected: boolean;
}

/** The pin in two groups of four, e.g. 'ABCD EFGH', which is easier to read aloud and type. */
export function groupedPin(pin: string): string {
  return pin.length > 4 ? `${pin.slice(0, 4)} ${pin.slice(4)}` : pin;
}

/**
 * Pairs a phone with this display: a QR code of /controller/{pin} and the pin for typing at /connect
 * (SPEC.md §2). When the page is open at localhost the QR code would be useless to a phone, so the
 * panel says how to make the computer reachable on the network. Its words are in the test screen's
 * catalog area (`test-run`), the one screen that shows it.
 */
export function PairingPanel({ pin, controllerConnected }: PairingPanelProps) {
  const t = useT();
  const { origin, local } = usePairingOrigin();
  const controllerUrl = `${origin}/controller/${pin}`;
  const connectUrl = `${origin}/connect`;
  const port = new URL(origin).port || (origin.startsWith('https:') ? '443' : '80');
  const [beforeLink, afterLink = ''] = t('pairing.scanOrOpen', { link: MARK }).split(MARK);

  return (
    <Paper
      component="section"
      aria-labelledby="pairing-title"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640, mx: 'auto' }}
    >
      <Typography id="pairing-title" variant="h5" component="h2" sx={{ mb: 2, textAlign: 'center' }}>
        {t('pairing.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: 'center' }}>
        <Box
          sx={{ p: 1.5, bgcolor: '#fff', borderRadius: 1, lineHeight: 0, border: 1, borderColor: 'divider' }}
        >
          <QRCodeSVG
            value={controllerUrl}
            size={200}
            level="M"
            title={t('pairing.qrTitle', { url: controllerUrl })}
            role="img"
            aria-label={t('pairing.qrLabel', { url: controllerUrl })}
          />
        </Box>
        <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0, textAlign: { xs: 'center', sm: 'left' } }}>
          <Typography variant="body1">
            {beforeLink}
            <Link href={connectUrl} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {connectUrl.replace(/^https?:\/\//, '')}
            </Link>
            {afterLink}
          </Typography>
          <Typography
            component="p"
            aria-label={t('pairing.codeLabel', { code: pin.split('').join(' ') })}
            data-testid="pairing-pin"
            sx={{
              fontFamily: '"Roboto Mono", "DejaVu Sans Mono", Menlo, Consolas, monospace',
              fontSize: { xs: '2.25rem', sm: '2.75rem' },
              fontWeight: 700,
              letterSpacing: '0.18em',
              whiteSpace: 'nowrap',
            }}
          >
            {groupedPin(pin)}
          </Typography>
          <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            {controllerConnected ? (
              <>
                <CheckCircleIcon color="success" fontSize="small" aria-hidden />
                <Typography variant="body2" sx={{ color: 'success.main', fontWeight: 600 }}>
                  {t('pairing.connected')}
                </Typography>
              </>
            ) : (
              <>
                <CircularProgress size={16} aria-hidden />
                <Typography variant="body2" color="text.secondary">
                  {t('pairing.waiting')}
                </Typography>
              </>
            )}
          </Box>
        </Stack>
      </Stack>
      {local && (
        <Alert severity="info" sx={{ mt: 2, textAlign: 'left' }}>
          {t('pairing.localOnly', { host: new URL(origin).host, port })}
        </Alert>
      )}
    </Paper>
  );
}
