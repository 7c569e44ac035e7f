import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { useT } from '@/lib/i18n/i18n';
import { StillLabel } from './still-label';

interface LoadingOverlayProps {
  open?: boolean;
  /** What it waits for; "Loading" (in the language shown) by default. */
  label?: string;
}

/** Covers the page while something it depends on (usually sign-in) is still loading (SPEC.md §2). */
export function LoadingOverlay({ open = true, label }: LoadingOverlayProps) {
  const t = useT();
  label ??= t('shell.loading');
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
