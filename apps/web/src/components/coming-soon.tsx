import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { dashboardPath } from '@visus/core';
import { useSignedInRole } from '@/lib/auth/use-auth';

interface ComingSoonProps {
  /** The screen's name as the menus call it, e.g. "Optical History". */
  screen: string;
  /** One sentence on what the screen will do once it exists. */
  purpose: string;
}

/**
 * Stands in for a screen of SPEC.md §2 that a later piece of work builds. It says so plainly and shows
 * no made-up data or forms.
 */
export function ComingSoon({ screen, purpose }: ComingSoonProps) {
  const role = useSignedInRole();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 4, md: 8 } }}>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, sm: 5 }, maxWidth: 640, width: '100%', textAlign: 'center' }}
      >
        <ConstructionOutlinedIcon
          color="primary"
          sx={{ fontSize: 48, mb: 1, display: 'block', mx: 'auto' }}
        />
        <Chip label="Coming soon" color="primary" variant="outlined" size="small" sx={{ mb: 2 }} />
        <Typography variant="h4" component="h1" gutterBottom>
          {screen}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {purpose}
        </Typography>
        <Typography sx={{ mb: 3 }}>The {screen} screen is not available yet.</Typography>
        <Button component={RouterLink} to={role ? dashboardPath(role) : '/'} variant="contained">
          {role ? 'Back to my account' : 'Back to home'}
        </Button>
      </Paper>
    </Box>
  );
}
