import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useBlocker } from 'react-router';
import { useT } from '@/lib/i18n/i18n';

/**
 * Asks before Back, a link or the menu takes the person away from a test under way (core runUnderWay). Leaving keeps the
 * run on this device (the flow snapshot), and the Tests page offers to go on with it. A reload is not
 * asked about: the run goes on after it by itself (docs/adr/0007).
 */
export function LeaveGuard({ underWay }: { underWay: boolean }) {
  const t = useT();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => underWay && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <Dialog
      open={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      aria-labelledby="leave-test-title"
      aria-describedby="leave-test-text"
    >
      <DialogTitle id="leave-test-title">{t('leave.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="leave-test-text">{t('leave.body')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => blocker.reset?.()} variant="contained" autoFocus>
          {t('leave.stay')}
        </Button>
        <Button color="error" onClick={() => blocker.proceed?.()}>
          {t('leave.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
