import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from '@/lib/chunks/optional-part';
import { useT } from '@/lib/i18n/i18n';

/** A screen failed to load (usually a lost connection or a new deployment) or threw while rendering. */
export function RouteErrorPage() {
  const t = useT();
  const error = useRouteError();
  const chunkFailed = isChunkLoadError(error);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : chunkFailed
      ? t('shell.routeError.download')
      : t('shell.routeError.unexpected');

  return (
    <Box sx={{ textAlign: 'center', py: 10, px: 3, maxWidth: 560, mx: 'auto' }} role="alert">
      <Typography variant="h4" component="h1" gutterBottom>
        {t('shell.routeError.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {detail}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()} sx={{ mr: 1 }}>
        {t('shell.routeError.reload')}
      </Button>
      <Button href="/" variant="outlined">
        {t('shell.goHome')}
      </Button>
    </Box>
  );
}
