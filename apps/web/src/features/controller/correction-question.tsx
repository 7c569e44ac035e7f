import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CORRECTIONS, type Correction } from '@visus/core';

const DESCRIPTIONS: Readonly<Record<Correction, string>> = {
  None: 'No glasses or contact lenses',
  Glasses: 'I am wearing my glasses',
  'Contact lenses': 'I am wearing contact lenses',
};

interface CorrectionQuestionProps {
  /** The answer given before (preselected look), if any. */
  previous: Correction | null;
  sending: boolean;
  error: string | null;
  onAnswer: (correction: Correction) => void;
}

/** Handshake step 1 on the phone: what the person wears for the test (core CORRECTIONS). */
export function CorrectionQuestion({ previous, sending, error, onAnswer }: CorrectionQuestionProps) {
  return (
    <Stack spacing={2} component="section" aria-labelledby="correction-title">
      <div>
        <Typography id="correction-title" variant="h5" component="h2" sx={{ fontWeight: 600 }}>
          What are you wearing for this test?
        </Typography>
        <Typography color="text.secondary">
          Wear what you normally use to see at a distance. Your screen starts once you answer.
        </Typography>
      </div>
      {error && <Alert severity="error">{error}</Alert>}
      {CORRECTIONS.map((correction) => (
        <Button
          key={correction}
          variant={previous === correction ? 'contained' : 'outlined'}
          size="large"
          disabled={sending}
          onClick={() => onAnswer(correction)}
          aria-label={`${correction}: ${DESCRIPTIONS[correction]}`}
          sx={{
            minHeight: 72,
            justifyContent: 'flex-start',
            textAlign: 'left',
            textTransform: 'none',
            px: 2.5,
          }}
        >
          <Stack>
            <Typography component="span" sx={{ fontSize: '1.35rem', fontWeight: 700 }}>
              {correction}
            </Typography>
            <Typography component="span" variant="body2" sx={{ opacity: 0.85 }}>
              {DESCRIPTIONS[correction]}
            </Typography>
          </Stack>
        </Button>
      ))}
    </Stack>
  );
}
