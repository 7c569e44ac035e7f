import Typography from '@mui/material/Typography';

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
