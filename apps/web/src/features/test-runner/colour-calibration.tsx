import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { missingCalibrations, type TestId } from '@visus/core';
import { useGetTestsQuery } from '@/lib/settings/settings-api';
import { currentLanguage, t, useT, type MessageId } from '@/lib/i18n/i18n';
import { conjunctionList } from '@/lib/i18n/lists';
import { testName } from '@/lib/i18n/test-names';

/**
 * The tests of `tests` that cannot start until the screen's colours are calibrated (core
 * `missingCalibrations`, kind 'colour'), or [] when the gamma is calibrated or the settings are not loaded.
 */
export function useTestsNeedingColour(tests: readonly TestId[]): readonly TestId[] {
  const settings = useGetTestsQuery().data?.settings;
  if (!settings) return [];
  return (
    missingCalibrations(tests, { screen: true, gamma: settings.gamma }).find((m) => m.kind === 'colour')
      ?.tests ?? []
  );
}

/** "Diamond", "Astigmatism Power and Diamond", in the language shown (English lists without a serial comma). */
function names(tests: readonly TestId[]): string {
  return conjunctionList(tests.map(testName), currentLanguage());
}

/**
 * The reason's words in each area that shows it (issue 20): the Tests page's notice and the display's
 * refusal to start, so that neither downloads the other's catalog (ids are unique across areas).
 */
const REASON_WORDS = {
  tests: {
    batteryOne: 'tests.colour.batteryOne',
    batteryMany: 'tests.colour.batteryMany',
    singleOne: 'tests.colour.singleOne',
    singleMany: 'tests.colour.singleMany',
    why: 'tests.colour.why',
  },
  'test-run': {
    batteryOne: 'colour.batteryOne',
    batteryMany: 'colour.batteryMany',
    singleOne: 'colour.singleOne',
    singleMany: 'colour.singleMany',
    why: 'colour.why',
  },
} as const satisfies Record<string, Record<string, MessageId>>;

/** Why these tests need Calibrate Colour, in a sentence or two a person can act on, in the language shown. */
export function colourCalibrationReason(
  tests: readonly TestId[],
  battery: boolean,
  area: keyof typeof REASON_WORDS,
): string {
  const words = REASON_WORDS[area];
  const one = tests.length === 1;
  const which = battery
    ? one
      ? words.batteryOne
      : words.batteryMany
    : one
      ? words.singleOne
      : words.singleMany;
  return `${t(which, { names: names(tests) })} ${t(words.why)}`;
}

/** Calibrate Colour's page for a role prefix (routes.tsx: /{role}/gamma). */
export function gammaPath(prefix: string): string {
  return `/${prefix}/gamma`;
}

/** A warning with the way to Calibrate Colour, or nothing when `tests` need no colour calibration. */
export function ColourCalibrationNotice({
  tests,
  battery = false,
  prefix,
}: {
  tests: readonly TestId[];
  battery?: boolean;
  prefix: string;
}) {
  const t = useT();
  if (tests.length === 0) return null;
  return (
    <Alert
      severity="warning"
      data-testid="colour-calibration-needed"
      action={
        <Button component={RouterLink} to={gammaPath(prefix)} color="inherit" variant="outlined" size="small">
          {t('nav.calibrateColour')}
        </Button>
      }
    >
      {colourCalibrationReason(tests, battery, 'tests')}
    </Alert>
  );
}
