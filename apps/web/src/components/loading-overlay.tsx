import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

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

/**
 * The words beside a spinner that has nothing else to say, shown when the system asks for reduced motion:
 * the spinner then stands still (app/theme.ts), and a still ring alone does not say it is busy.
 */
export function StillLabel({ text }: { text: string }) {
  return (
    <Typography
      aria-hidden
      data-testid="still-loading-label"
      sx={{ display: 'none', ml: 2, '@media (prefers-reduced-motion: reduce)': { display: 'block' } }}
    >
      {text}…
    </Typography>
  );
}
