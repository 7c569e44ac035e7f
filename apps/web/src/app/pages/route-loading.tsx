import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { StillLabel } from '@/components/still-label';
import { useT } from '@/lib/i18n/i18n';

/** Shown while the first screen's code downloads. */
export function RouteLoading() {
  const t = useT();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <CircularProgress aria-label={t('shell.loading')} />
        <StillLabel text={t('shell.loading')} />
      </Box>
    </Box>
  );
}
