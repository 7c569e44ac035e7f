import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { StillLabel } from '@/components/still-label';

/** Shown while the first screen's code downloads. */
export function RouteLoading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <CircularProgress aria-label="Loading" />
        <StillLabel text="Loading" />
      </Box>
    </Box>
  );
}
