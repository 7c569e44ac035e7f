import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { errorMessage } from '@/lib/api/api-error';

interface LoadErrorAlertProps {
  /** The failed query's error; its server message is shown, else 'Server Error' (SPEC.md §8). */
  error: unknown;
  /** Runs the query again. */
  onRetry: () => void;
}

/** A failed load with a "Try again" button, the same on every screen. */
export function LoadErrorAlert({ error, onRetry }: LoadErrorAlertProps) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {errorMessage(error)}
    </Alert>
  );
}
