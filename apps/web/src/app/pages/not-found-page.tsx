import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useT } from '@/lib/i18n/i18n';

/** Any path that is not a screen of SPEC.md §2 (its words are in the shell's area: shown anywhere). */
export function NotFoundPage() {
  const t = useT();
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, md: 10 }, maxWidth: 560, mx: 'auto' }}>
      <Typography variant="overline" color="primary" sx={{ fontSize: 16, fontWeight: 700 }}>
        404
      </Typography>
      <Typography variant="h3" component="h1" gutterBottom>
        {t('shell.notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('shell.notFound.text')}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large">
        {t('shell.goHome')}
      </Button>
    </Box>
  );
}
