import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { LatestAcuity, PatientFlagDto } from '@visus/contracts';
import { acuityNotation, formatLogMar, lineRounding } from '@visus/core';

const EYE = { right: 'Right', left: 'Left' } as const;
const CHART = { sloan: 'Sloan', landoltC: 'Landolt C', tumblingE: 'Tumbling E' } as const;

/** "6/9.5 (0.20)" or "6/19 or better (0.50)": the chart line and logMAR, a bound said as one. */
export function acuityText(latest: Pick<LatestAcuity, 'logMAR' | 'censored'>): string {
  const qualifier =
    latest.censored === 'better-than' ? 'or better' : latest.censored === 'worse-than' ? 'or worse' : null;
  const line = acuityNotation(latest.logMAR, lineRounding(qualifier)).text.snellen6;
  return qualifier
    ? `${line} ${qualifier} (${formatLogMar(latest.logMAR)})`
    : `${line} (${formatLogMar(latest.logMAR)})`;
}

/** The words of one flag, as the list shows it. */
export function flagText(flag: PatientFlagDto): string {
  switch (flag.kind) {
    case 'poor-acuity':
      return `${EYE[flag.eye]} eye worse than 6/12: ${acuityText(flag)}`;
    case 'change':
      return `${EYE[flag.eye]} eye ${flag.direction} by ${flag.bounded ? 'at least ' : ''}${formatLogMar(Math.abs(flag.change))} logMAR on ${CHART[flag.test]} (repeatability ±${formatLogMar(flag.limit)})`;
    case 'unreviewed':
      return flag.count === 1 ? '1 result not reviewed' : `${flag.count} results not reviewed`;
  }
}

/** The flags of a patient row, most serious first. */
export function PatientFlags({ flags }: { flags: readonly PatientFlagDto[] }) {
  if (flags.length === 0) return <span>No flags</span>;
  return (
    <Stack
      direction="row"
      spacing={0.5}
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
      component="ul"
      aria-label="Flags"
    >
      {flags.map((flag, i) => (
        <Chip
          component="li"
          key={`${flag.kind}-${i}`}
          size="small"
          color={flag.kind === 'unreviewed' ? 'default' : 'warning'}
          label={flagText(flag)}
        />
      ))}
    </Stack>
  );
}
