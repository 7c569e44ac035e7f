import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** Any path that is not a screen of SPEC.md §2. */
export function NotFoundPage() {
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, md: 10 }, maxWidth: 560, mx: 'auto' }}>
      <Typography variant="overline" color="primary" sx={{ fontSize: 16, fontWeight: 700 }}>
        404
      </Typography>
      <Typography variant="h3" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        There is no page at this address. Check the link, or start again from the home page.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large">
        Go to the home page
      </Button>
    </Box>
  );
}
