import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { StillLabel } from './still-label';

interface LoadingOverlayProps {
  open?: boolean;
  label?: string;
}

/** Covers the page while something it depends on (usually sign-in) is still loading (SPEC.md §2). */
export function LoadingOverlay({ open = true, label = 'Loading' }: LoadingOverlayProps) {
  return (
    <Backdrop
      open={open}
      sx={(theme) => ({ zIndex: theme.zIndex.drawer + 2, color: '#fff' })}
      data-testid="loading-overlay"
    >
      <CircularProgress color="inherit" aria-label={label} />
      <StillLabel text={label} />
    </Backdrop>
  );
}
