import LinearProgress from '@mui/material/LinearProgress';

/** The bar under the app bar while the next screen loads (loaded with the first navigation). */
export function NavigationProgress() {
  return (
    <LinearProgress
      color="secondary"
      aria-label="Loading page"
      sx={{ position: 'absolute', left: 0, right: 0, bottom: 0 }}
    />
  );
}
