import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { LatestAcuity, PatientFlagDto } from '@visus/contracts';
import { acuityNotation, formatLogMar, lineRounding, type Language } from '@visus/core';
import { currentLanguage, t, useT, type MessageId } from '@/lib/i18n/i18n';
import { withDecimalMark } from '@/lib/i18n/numbers';
import { testName } from '@/lib/i18n/test-names';

const EYE: Record<'right' | 'left', MessageId> = { right: 'clinic.eye.right', left: 'clinic.eye.left' };
const DIRECTION: Record<'worse' | 'better', MessageId> = {
  worse: 'clinic.direction.worse',
  better: 'clinic.direction.better',
};

/** A logMAR as core writes it ("0.20", two decimals), with the decimal separator of `language` ("0,20"). */
export function logMarIn(value: number, language: Language = currentLanguage()): string {
  return withDecimalMark(formatLogMar(value), language);
}

/** "6/9.5 (0.20)" or "6/19 or better (0.50)": the chart line and logMAR, a bound said as one. */
export function acuityText(latest: Pick<LatestAcuity, 'logMAR' | 'censored'>): string {
  const qualifier =
    latest.censored === 'better-than' ? 'or better' : latest.censored === 'worse-than' ? 'or worse' : null;
  const line = acuityNotation(latest.logMAR, lineRounding(qualifier)).text.snellen6;
  const logMAR = logMarIn(latest.logMAR);
  if (qualifier === 'or better') return t('clinic.acuityBetter', { line, logMAR });
  if (qualifier === 'or worse') return t('clinic.acuityWorse', { line, logMAR });
  return t('clinic.acuity', { line, logMAR });
}

/** The words of one flag, as the list shows it. */
export function flagText(flag: PatientFlagDto): string {
  switch (flag.kind) {
    case 'poor-acuity':
      return t('clinic.flag.poorAcuity', { eye: t(EYE[flag.eye]), acuity: acuityText(flag) });
    case 'change':
      return t(flag.bounded ? 'clinic.flag.changeAtLeast' : 'clinic.flag.change', {
        eye: t(EYE[flag.eye]),
        direction: t(DIRECTION[flag.direction]),
        amount: logMarIn(Math.abs(flag.change)),
        chart: testName(flag.test),
        limit: logMarIn(flag.limit),
      });
    case 'unreviewed':
      return t('clinic.flag.unreviewed', { count: flag.count });
  }
}

/** The flags of a patient row, most serious first. */
export function PatientFlags({ flags }: { flags: readonly PatientFlagDto[] }) {
  const t = useT();
  if (flags.length === 0) return <span>{t('clinic.noFlags')}</span>;
  return (
    <Stack
      direction="row"
      spacing={0.5}
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
      component="ul"
      aria-label={t('clinic.col.flags')}
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
