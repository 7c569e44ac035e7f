import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The screens the display shows between and around tests (SPEC.md §2 "Test display screens"). */
export type StatusScreenKind = 'ready' | 'stopped' | 'repeat' | 'continue' | 'complete' | 'finished';

interface StatusScreenProps {
  kind: StatusScreenKind;
  /** The test's name, e.g. 'Sloan'. */
  testName: string;
  /** Presbyopia is done with both eyes, so its Ready screen says so instead of covering an eye. */
  bothEyes?: boolean;
  /** Share of the 10-second countdown gone by, 0 … 1 (Repeat, Continue, Complete). */
  elapsed?: number;
  /** Extra content under the texts (e.g. how to start, the saving state). */
  children?: ReactNode;
}

/** The two lines of each screen, exactly as SPEC.md §2 words them. */
export function statusTexts(kind: StatusScreenKind, testName: string, bothEyes = false): [string, string] {
  switch (kind) {
    case 'ready':
      return [`${testName} Ready`, bothEyes ? 'Please use both eyes for this test' : 'Cover your LEFT eye'];
    case 'stopped':
      return [`${testName} Interrupted`, 'A Test Error Has Occurred'];
    case 'repeat':
      return [`Repeat ${testName}`, 'Press CONTINUE on your controller when you are ready'];
    case 'continue':
      return [`Continue ${testName}`, 'Cover your RIGHT eye'];
    case 'complete':
      return ['Test Completed', 'Your next test will start in 10 seconds'];
    case 'finished':
      return ['Test Complete', 'You will be redirected to your results shortly'];
  }
}

/** One status screen: a large heading, the instruction, and the countdown bar where the spec has one. */
export function StatusScreen({ kind, testName, bothEyes, elapsed, children }: StatusScreenProps) {
  const [heading, instruction] = statusTexts(kind, testName, bothEyes);
  const countdown = kind === 'repeat' || kind === 'continue' || kind === 'complete';
  return (
    <Stack
      spacing={3}
      role="status"
      sx={{ alignItems: 'center', justifyContent: 'center', textAlign: 'center', minHeight: '60vh', px: 2 }}
    >
      <Typography
        variant="h2"
        component="h1"
        sx={{ fontWeight: 700, fontSize: { xs: '2.25rem', md: '3.75rem' } }}
      >
        {heading}
      </Typography>
      <Typography
        variant="h4"
        component="p"
        color={kind === 'stopped' ? 'error' : 'text.primary'}
        sx={{ fontSize: { xs: '1.5rem', md: '2.125rem' } }}
      >
        {instruction}
      </Typography>
      {countdown && elapsed !== undefined && (
        <Box sx={{ width: 'min(480px, 90%)' }}>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, Math.max(0, elapsed * 100))}
            aria-label="Time until the test goes on"
            sx={{ height: 10, borderRadius: 5 }}
          />
        </Box>
      )}
      {children}
    </Stack>
  );
}
