import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { missingCalibrations, TEST_DEFINITIONS, type TestId } from '@visus/core';
import { useGetTestsQuery } from '@/lib/settings/settings-api';

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

/** "Diamond", "Astigmatism Power and Diamond". */
function names(tests: readonly TestId[]): string {
  const list = tests.map((id) => TEST_DEFINITIONS[id].name);
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)!}`;
}

/** Why these tests need Calibrate Colour, in a sentence or two a person can act on. */
export function colourCalibrationReason(tests: readonly TestId[], battery: boolean): string {
  const which = battery ? `The full battery includes ${names(tests)}, which` : names(tests);
  const verb = tests.length === 1 ? 'asks' : 'ask';
  return (
    `${which} ${verb} you to find fine lines among plain grey patches. Until this screen’s colours are ` +
    'calibrated, the lines show brighter than the grey, so they could be picked without being seen. ' +
    'Calibrate Colour takes a minute; then start the test.'
  );
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
  if (tests.length === 0) return null;
  return (
    <Alert
      severity="warning"
      data-testid="colour-calibration-needed"
      action={
        <Button component={RouterLink} to={gammaPath(prefix)} color="inherit" variant="outlined" size="small">
          Calibrate Colour
        </Button>
      }
    >
      {colourCalibrationReason(tests, battery)}
    </Alert>
  );
}
