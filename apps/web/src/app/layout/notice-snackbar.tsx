import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { noticeDismissed, selectNotice } from '@/lib/notice/notice-slice';

/** Shows the app-wide notice, e.g. after a password reset or when a session has ended. */
export function NoticeSnackbar() {
  const notice = useAppSelector(selectNotice);
  const dispatch = useAppDispatch();
  const onClose = (_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    dispatch(noticeDismissed());
  };
  return (
    <Snackbar
      key={notice?.id}
      open={notice !== null}
      autoHideDuration={8000}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {notice ? (
        <Alert severity={notice.severity} variant="filled" onClose={onClose} sx={{ width: '100%' }}>
          {notice.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
