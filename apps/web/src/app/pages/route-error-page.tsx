import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** A screen failed to load (usually a lost connection or a new deployment) or threw while rendering. */
export function RouteErrorPage() {
  const error = useRouteError();
  const chunkFailed =
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : chunkFailed
      ? 'Part of the app could not be downloaded. Check your connection; a new version may also have been released.'
      : 'An unexpected error stopped this screen.';

  return (
    <Box sx={{ textAlign: 'center', py: 10, px: 3, maxWidth: 560, mx: 'auto' }} role="alert">
      <Typography variant="h4" component="h1" gutterBottom>
        Something went wrong
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {detail}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()} sx={{ mr: 1 }}>
        Reload the page
      </Button>
      <Button href="/" variant="outlined">
        Go to the home page
      </Button>
    </Box>
  );
}
