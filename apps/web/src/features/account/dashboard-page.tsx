import { useState, type ReactNode } from 'react';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import BarChartOutlinedIcon from '@mui/icons-material/BarChartOutlined';
import ContrastOutlinedIcon from '@mui/icons-material/ContrastOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import StraightenOutlinedIcon from '@mui/icons-material/StraightenOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { routePrefix, type Role } from '@visus/core';
import { useAuth, useCurrentUser } from '@/lib/auth/use-auth';
import { DeleteAccountDialog } from './delete-account-dialog';

interface NextStep {
  title: string;
  text: string;
  to: string;
  icon: typeof SvgIcon;
  step?: number;
}

function nextSteps(role: Role): NextStep[] {
  const prefix = routePrefix(role);
  return [
    {
      step: 1,
      title: 'Set up your screen',
      text: 'Calibrate the screen with a bank card or its diagonal so charts show at their true size.',
      to: `/${prefix}/setup`,
      icon: StraightenOutlinedIcon,
    },
    {
      step: 2,
      title: 'Calibrate colour',
      text: 'Adjust for how your screen shows shades of grey, for accurate contrast tests.',
      to: '/user/gamma',
      icon: ContrastOutlinedIcon,
    },
    {
      step: 3,
      title: 'Optical history',
      text: 'Tell us about your eyes, glasses and health so your results can be read in context.',
      to: `/${prefix}/history`,
      icon: AssignmentOutlinedIcon,
    },
    {
      step: 4,
      title: 'Take the tests',
      text: 'Acuity, astigmatism, contrast, duochrome and presbyopia, with your phone as the remote.',
      to: `/${prefix}/tests`,
      icon: VisibilityOutlinedIcon,
    },
    {
      title: role === 'admin' ? 'My results' : 'Results',
      text: 'Review your stored results and share them with your optometrist.',
      to: `/${prefix}/results`,
      icon: BarChartOutlinedIcon,
    },
    {
      title: 'Profile',
      text: 'Your name, email, date of birth and password.',
      to: `/${prefix}/profile`,
      icon: AccountCircleOutlinedIcon,
    },
  ];
}

const ADMIN_STEPS: NextStep[] = [
  {
    title: 'Manage users',
    text: 'Find accounts and change their roles.',
    to: '/admin/profiles',
    icon: GroupOutlinedIcon,
  },
  {
    title: 'Invites',
    text: 'Invite people to create an account.',
    to: '/admin/invite',
    icon: MailOutlineIcon,
  },
];

function StepCard({ title, text, to, icon: Icon, step }: NextStep) {
  return (
    <Card
      sx={{ height: '100%', transition: 'border-color 120ms', '&:hover': { borderColor: 'primary.main' } }}
    >
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%', alignItems: 'flex-start' }}>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Box
              sx={{
                display: 'grid',
                placeItems: 'center',
                width: 44,
                height: 44,
                borderRadius: 2,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                flexShrink: 0,
              }}
            >
              <Icon />
            </Box>
            <Box>
              {step !== undefined && (
                <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
                  Step {step}
                </Typography>
              )}
              <Typography variant="h6" component="h3">
                {title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {text}
              </Typography>
            </Box>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function StepGrid({ steps }: { steps: NextStep[] }) {
  return (
    <Grid container spacing={2}>
      {steps.map((step) => (
        <Grid key={step.to} size={{ xs: 12, sm: 6, lg: 4 }}>
          <StepCard {...step} />
        </Grid>
      ))}
    </Grid>
  );
}

interface DashboardPageProps {
  /**
   * The admin's Administration section, composed in app/ (e.g. with the counts of the admin feature);
   * without it admins get links to the admin screens.
   */
  administration?: ReactNode;
}

/** /user/dashboard and /admin/dashboard ("My Account"). */
export function DashboardPage({ administration }: DashboardPageProps = {}) {
  const { role } = useAuth();
  const { data: user } = useCurrentUser();
  const [confirmDelete, setConfirmDelete] = useState(false);
  if (role === null) return null;
  const firstName = user?.name.trim().split(/\s+/)[0];

  return (
    <Stack spacing={5}>
      <Box>
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
          My Account
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '2.6rem' } }}>
          {user ? `Hello, ${firstName || user.name}` : <Skeleton width={280} />}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 720 }}>
          Work through the steps below before your first test. Calibration and your optical history are kept,
          so next time you can go straight to the tests.
        </Typography>
      </Box>

      <Box component="section" aria-labelledby="next-steps">
        <Typography id="next-steps" variant="h5" component="h2" gutterBottom>
          Next steps
        </Typography>
        <StepGrid steps={nextSteps(role)} />
      </Box>

      {role === 'admin' && administration}
      {role === 'admin' && !administration && (
        <Box component="section" aria-labelledby="administration">
          <Typography id="administration" variant="h5" component="h2" gutterBottom>
            Administration
          </Typography>
          <StepGrid steps={ADMIN_STEPS} />
        </Box>
      )}

      <Paper
        component="section"
        aria-labelledby="danger-zone"
        variant="outlined"
        sx={{ p: 3, borderColor: 'error.light' }}
      >
        <Typography id="danger-zone" variant="h6" component="h2" color="error">
          Danger zone
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Typography color="text.secondary">
            Delete your account and everything stored with it: results, calibration and optical history.
          </Typography>
          <Button
            color="error"
            variant="outlined"
            onClick={() => setConfirmDelete(true)}
            sx={{ flexShrink: 0 }}
          >
            Delete account
          </Button>
        </Stack>
      </Paper>
      <DeleteAccountDialog open={confirmDelete} onClose={() => setConfirmDelete(false)} />
    </Stack>
  );
}
