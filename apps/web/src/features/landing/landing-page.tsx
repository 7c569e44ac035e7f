import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import { dashboardPath } from '@visus/core';
import { useSignedInRole } from '@/lib/auth/use-auth-state';
import { STEPS, TESTS } from './landing-content';
import { useT } from '@/lib/i18n/i18n';

type Breakpoint = 'xs' | 'sm' | 'md' | 'lg';
type Spacing = number | Partial<Record<Breakpoint, number>>;

/**
 * MUI Grid's layout, 12 columns with gaps from the spacing scale, drawn with CSS grid: a cell of k
 * columns is k/12 of the width less (1 - k/12) gaps, as in Grid. The landing page is a guest's first
 * screen, and Grid's code is not needed for it (issue 9 part 6).
 */
function Columns({ spacing, sx, children }: { spacing: Spacing; sx?: SxProps<Theme>; children: ReactNode }) {
  return (
    <Box
      sx={[
        { display: 'grid', gridTemplateColumns: 'repeat(12, minmax(0, 1fr))', gap: spacing },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}

/** A cell of {@link Columns}, `size` columns wide per breakpoint (12 when not given for xs). */
function Cell({
  size,
  sx,
  children,
}: {
  size: Partial<Record<Breakpoint, number>>;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const gridColumn = Object.fromEntries(
    Object.entries({ xs: 12, ...size }).map(([breakpoint, span]) => [breakpoint, `span ${span}`]),
  );
  return <Box sx={[{ gridColumn }, ...(Array.isArray(sx) ? sx : [sx])]}>{children}</Box>;
}

/** Rows of a decorative chart; letters shrink like a real one. Not a test: it is not calibrated. */
const CHART_ROWS = [
  { letters: 'H', size: 64 },
  { letters: 'D K', size: 44 },
  { letters: 'N R S', size: 32 },
  { letters: 'C V O Z', size: 22 },
  { letters: 'K H D N R', size: 15 },
  { letters: 'S V Z O C H', size: 10 },
];

function ChartIllustration() {
  return (
    <Paper
      aria-hidden="true"
      elevation={0}
      sx={{
        position: 'relative',
        mx: 'auto',
        width: '100%',
        maxWidth: 380,
        aspectRatio: '4 / 5',
        borderRadius: 4,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1.5,
        bgcolor: '#fff',
        boxShadow: '0 30px 60px -30px rgba(15, 66, 87, 0.45)',
        border: 1,
        borderColor: 'divider',
      }}
    >
      {CHART_ROWS.map((row) => (
        <Box
          key={row.letters}
          sx={{
            fontFamily: '"Helvetica Neue", Arial, sans-serif',
            fontWeight: 700,
            fontSize: row.size,
            lineHeight: 1,
            letterSpacing: '0.35em',
            color: '#15262f',
            mr: '-0.35em',
          }}
        >
          {row.letters}
        </Box>
      ))}
      <Box
        sx={{
          position: 'absolute',
          right: { xs: 12, sm: -28 },
          bottom: { xs: 12, sm: -28 },
          width: 92,
          height: 168,
          borderRadius: 3,
          bgcolor: 'primary.dark',
          border: '5px solid #15262f',
          display: 'grid',
          gridTemplateColumns: 'repeat(2, 1fr)',
          gap: 0.75,
          p: 1.25,
          alignContent: 'center',
          boxShadow: '0 18px 40px -18px rgba(0,0,0,0.6)',
        }}
      >
        {['↑', '→', '←', '↓'].map((arrow) => (
          <Box
            key={arrow}
            sx={{
              aspectRatio: '1',
              borderRadius: 1.5,
              bgcolor: 'rgba(255,255,255,0.14)',
              color: '#fff',
              display: 'grid',
              placeItems: 'center',
              fontSize: 18,
            }}
          >
            {arrow}
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/** /: what Visus is and how to start. */
export function LandingPage() {
  const role = useSignedInRole();
  const t = useT();

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 8, md: 11 }, pb: 4 }}>
      <Box
        component="section"
        aria-labelledby="hero-title"
        sx={{
          mx: { xs: -2, sm: -3, md: -4 },
          mt: { xs: -3, sm: -4 },
          px: { xs: 2, sm: 3, md: 4 },
          py: { xs: 6, md: 10 },
          background: 'linear-gradient(160deg, #e7f1f5 0%, #f4f7f9 55%, #eef6f3 100%)',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Columns spacing={{ xs: 6, md: 8 }} sx={{ alignItems: 'center', maxWidth: 1240, mx: 'auto' }}>
          <Cell size={{ xs: 12, md: 7 }}>
            <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: '0.12em' }}>
              {t('landing.overline')}
            </Typography>
            <Typography
              id="hero-title"
              variant="h1"
              sx={{ fontSize: { xs: '2.4rem', sm: '3.2rem', md: '3.8rem' }, lineHeight: 1.08, my: 2 }}
            >
              {t('landing.heroTitle')}
            </Typography>
            <Typography
              variant="h6"
              component="p"
              color="text.secondary"
              sx={{ fontWeight: 400, maxWidth: 620 }}
            >
              {t('landing.heroText')}
            </Typography>
            {/* A flex Box, not Stack or CardContent: each would be one more file on a guest's first screen. */}
            <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, mt: 4 }}>
              {role ? (
                <Button
                  component={RouterLink}
                  to={dashboardPath(role)}
                  variant="contained"
                  size="large"
                  endIcon={<ArrowForwardIcon />}
                >
                  {t('landing.goToDashboard')}
                </Button>
              ) : (
                <>
                  <Button component={RouterLink} to="/register" variant="contained" size="large">
                    {t('landing.createAccount')}
                  </Button>
                  <Button component={RouterLink} to="/login" variant="outlined" size="large">
                    {t('landing.logIn')}
                  </Button>
                </>
              )}
            </Box>
          </Cell>
          <Cell size={{ xs: 12, md: 5 }}>
            <ChartIllustration />
          </Cell>
        </Columns>
      </Box>

      <Box component="section" aria-labelledby="how-title" sx={{ maxWidth: 1240, mx: 'auto', width: '100%' }}>
        <Typography id="how-title" variant="h4" component="h2" gutterBottom>
          {t('landing.howTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 720 }}>
          {t('landing.howText')}
        </Typography>
        <Columns spacing={3}>
          {STEPS.map((step, index) => (
            <Cell key={step.id} size={{ xs: 12, sm: 6, md: 3 }}>
              <Box
                sx={{
                  width: 40,
                  height: 40,
                  borderRadius: '50%',
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  display: 'grid',
                  placeItems: 'center',
                  fontWeight: 700,
                  mb: 2,
                }}
                aria-hidden="true"
              >
                {index + 1}
              </Box>
              <Typography variant="h6" component="h3" gutterBottom>
                {t(step.title)}
              </Typography>
              <Typography color="text.secondary">{t(step.text)}</Typography>
            </Cell>
          ))}
        </Columns>
      </Box>

      <Box
        component="section"
        aria-labelledby="tests-title"
        sx={{ maxWidth: 1240, mx: 'auto', width: '100%' }}
      >
        <Typography id="tests-title" variant="h4" component="h2" gutterBottom>
          {t('landing.testsTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 720 }}>
          {t('landing.testsText')}
        </Typography>
        <Columns spacing={2.5}>
          {TESTS.map((test) => (
            <Cell key={test.id} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Card sx={{ height: '100%' }}>
                <Box sx={{ p: 3 }}>
                  <Typography variant="h6" component="h3">
                    {t(test.name)}
                  </Typography>
                  <Typography variant="body2" color="primary" sx={{ fontWeight: 600, mb: 1.5 }}>
                    {t(test.detail)}
                  </Typography>
                  <Typography color="text.secondary">{t(test.text)}</Typography>
                </Box>
              </Card>
            </Cell>
          ))}
        </Columns>
      </Box>

      <Paper
        component="section"
        aria-labelledby="care-title"
        variant="outlined"
        sx={{
          maxWidth: 1240,
          mx: 'auto',
          width: '100%',
          p: { xs: 3, md: 5 },
          bgcolor: 'primary.dark',
          color: 'primary.contrastText',
          border: 0,
        }}
      >
        <Columns spacing={3} sx={{ alignItems: 'center' }}>
          <Cell size={{ xs: 12, md: 8 }}>
            <Typography id="care-title" variant="h5" component="h2" gutterBottom>
              {t('landing.careTitle')}
            </Typography>
            <Typography sx={{ opacity: 0.9 }}>{t('landing.careText')}</Typography>
          </Cell>
          <Cell size={{ xs: 12, md: 4 }} sx={{ textAlign: { md: 'right' } }}>
            <Link
              component={RouterLink}
              to="/info"
              sx={{ color: 'inherit', fontWeight: 600, textDecorationColor: 'rgba(255,255,255,0.5)' }}
            >
              {t('landing.prepare')}
            </Link>
          </Cell>
        </Columns>
      </Paper>
    </Box>
  );
}
