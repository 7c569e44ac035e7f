import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  CHART_TYPES,
  cssPx,
  offersCrowding,
  partAFlow,
  routePrefix,
  sessionTests,
  SLOAN_LETTERS,
  TEST_DEFINITIONS,
  TEST_IDS,
  viewingFrom,
  type ChartType,
  type TestId,
} from '@visus/core';
import type { Session } from '@visus/contracts';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { errorMessage } from '@/lib/api/api-error';
import { useAuth } from '@/lib/auth/use-auth';
import { RangeGuidance } from '@/components/range-guidance';
import {
  activeCalibration,
  useCalibrationValidity,
  useCalibrationWindow,
} from '@/lib/settings/calibration-window';
import { useGetTestsQuery } from '@/lib/settings/settings-api';
import { ColourCalibrationNotice, useTestsNeedingColour } from './colour-calibration';
import { AutoAdvanceChoice } from './auto-advance-choice';
import { CrowdingChoice } from './crowding-choice';
import { ResumeOffer } from './run/resume-offer';
import { useCreateSessionMutation, useCreateSingleSessionMutation } from './test-runner-api';

type Units = 'm' | 'ft';

/** What each test measures, in a sentence. */
const TEST_PURPOSE: Record<TestId, string> = {
  sloan: `Visual acuity with the ${SLOAN_LETTERS.length} Sloan letters the chart draws: ${SLOAN_LETTERS.join(' ')}.`,
  landoltC: 'Visual acuity with a ring and a gap pointing one of eight ways.',
  tumblingE: 'Visual acuity with the letter E turned one of four ways.',
  duoChrome: 'Red, green or the same: a quick check of focus.',
  astigAxis: 'The axis of astigmatism with pairs of line gratings.',
  // A grating acuity (core acuityMeasure), never a power in dioptres, though the test keeps its name.
  astigPower:
    'Grating acuity (logMAR): the finest lines you can pick out, with gratings of finer and finer lines.',
  spokeCircle: 'Astigmatism with a spoke target: size the circle.',
  spokeEllipse: 'Astigmatism with a spoke target: size and turn the ellipse.',
  diamond: 'Contrast: which of four tiles holds the faint lines.',
  presbyopia: 'An estimate of the reading addition from your age and prescription.',
};

/** Where a new session's test screen lives. */
export function testScreenPath(prefix: string, session: Pick<Session, 'pin' | 'testMode'>): string {
  return `/${prefix}/test/${session.pin}${session.testMode ? '/test-mode' : ''}`;
}

const VALIDITY_TEXT = {
  'zoom-changed':
    'The browser zoom or display scaling changed since you calibrated, so sizes on screen would be wrong.',
  'screen-changed': 'This is not the screen you calibrated (its size differs), so sizes would be wrong.',
  'pinch-zoomed': 'The page is pinch-zoomed, so sizes on screen would be wrong: pinch back out to 100 %.',
} as const;

/**
 * The calibration's place while it loads: its two alerts (which calibration, then what the charts can
 * measure from there) at their usual heights, so that the choices below do not move when they come in
 * (issue 25, CLS).
 */
function CalibrationStatusSkeleton() {
  return (
    <Stack spacing={1.5} role="status" aria-busy="true" aria-label="Loading calibration">
      <Skeleton variant="rounded" sx={{ height: { xs: 72, sm: 48 } }} />
      <Skeleton variant="rounded" sx={{ height: { xs: 112, sm: 72 } }} />
    </Stack>
  );
}

/** Which calibration is in use and whether it holds on this screen; null when tests may start. */
function CalibrationStatus({ setupPath }: { setupPath: string }) {
  const tests = useGetTestsQuery();
  const settings = tests.data?.settings;
  const validity = useCalibrationValidity(settings);
  const current = useCalibrationWindow();
  if (tests.isLoading) return <CalibrationStatusSkeleton />;
  if (tests.isError || !settings)
    return <LoadErrorAlert error={tests.error} onRetry={() => void tests.refetch()} />;
  const calibration = activeCalibration(settings);
  // Whether it holds here is still being looked up (this screen's profile): not yet "holds".
  if (calibration && validity === null) return <CalibrationStatusSkeleton />;
  const setupButton = (label: string) => (
    <Button component={RouterLink} to={setupPath} color="inherit" variant="outlined" size="small">
      {label}
    </Button>
  );
  if (!calibration) {
    return (
      <Alert severity="warning" action={setupButton('Go to Setup')}>
        Your screen is not calibrated yet. Calibrate it in Setup first: the tests draw every letter at its
        true physical size, which needs your screen’s size and your distance from it.
      </Alert>
    );
  }
  const method = settings.method === 'card' ? 'card method' : 'diagonal method';
  const distance = `${(calibration.distanceMm / 1000).toFixed(2)} m`;
  if (validity && !validity.valid) {
    if (validity.reason === 'pinch-zoomed')
      return <Alert severity="warning">{VALIDITY_TEXT[validity.reason]}</Alert>;
    return (
      <Alert severity="warning" action={setupButton('Calibrate again')}>
        Calibrated with the {method} at {distance}. {VALIDITY_TEXT[validity.reason]} Please calibrate again on
        this screen.
      </Alert>
    );
  }
  return (
    <Stack spacing={1.5}>
      <Alert severity="success" action={setupButton('Change')}>
        Calibrated with the {method}; sit {distance} from the screen.
        {validity?.reason === 'unverifiable'
          ? ' (This calibration cannot tell whether the screen changed.)'
          : ''}
      </Alert>
      {/* What the acuity charts can measure from there (core's one range rule, as Setup says it). */}
      <RangeGuidance
        viewing={viewingFrom(calibration, current.devicePixelRatio, settings.gamma)}
        availableHeight={cssPx(current.cssResolution.height || window.innerHeight)}
      />
    </Stack>
  );
}

/** True when the calibration exists and still holds here. */
function useReadyToTest(): boolean {
  const tests = useGetTestsQuery();
  const settings = tests.data?.settings;
  const validity = useCalibrationValidity(settings);
  return Boolean(settings && activeCalibration(settings) && validity?.valid);
}

/** /{role}/tests: the full battery (Part A → B → C) or one test; creates the session and opens it. */
export function TestsPage() {
  const { role } = useAuth();
  const prefix = role ? routePrefix(role) : 'user';
  const navigate = useNavigate();
  const ready = useReadyToTest();
  const [chart, setChart] = useState<ChartType>('Sloan');
  const [units, setUnits] = useState<Units>('m');
  const [single, setSingle] = useState<TestId>('sloan');
  const [testMode, setTestMode] = useState(false);
  // Crowded optotypes (SPEC.md §3), for the battery's chart and for a single Sloan or Tumbling E.
  const [batteryCrowding, setBatteryCrowding] = useState(false);
  const [singleCrowding, setSingleCrowding] = useState(false);
  const batteryMayCrowd = offersCrowding(partAFlow(chart)[0]!);
  const singleMayCrowd = offersCrowding(single);
  const [createSession, battery] = useCreateSessionMutation();
  const [createSingle, one] = useCreateSingleSessionMutation();
  const mayUseTestMode = role === 'admin' || role === 'tester';
  const ids = {
    chart: useId(),
    units: useId(),
    single: useId(),
    batteryCrowding: useId(),
    singleCrowding: useId(),
  };
  const busy = battery.isLoading || one.isLoading;
  // Told here, before starting: the battery and single tests that need Calibrate Colour first.
  const batteryNeedsColour = useTestsNeedingColour(sessionTests({ single: null, testFlowA: [] }));
  const singleNeedsColour = useTestsNeedingColour([single]);

  async function startBattery() {
    const session = await createSession({ chart, units, crowding: batteryMayCrowd && batteryCrowding })
      .unwrap()
      .catch(() => null);
    if (session) void navigate(testScreenPath(prefix, session));
  }

  async function startSingle() {
    const session = await createSingle({
      test: single,
      testMode: mayUseTestMode && testMode,
      units,
      crowding: singleMayCrowd && singleCrowding,
    })
      .unwrap()
      .catch(() => null);
    if (session) void navigate(testScreenPath(prefix, session));
  }

  const failure = battery.error ?? one.error;

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          Tests
        </Typography>
        <Typography color="text.secondary">
          Take the full battery or a single test. Each test runs full screen on this display; answer with your
          phone as a remote or with this keyboard.
        </Typography>
      </Box>
      <ResumeOffer screenPath={(session) => testScreenPath(prefix, session)} />
      <CalibrationStatus setupPath={`/${prefix}/setup`} />
      {failure && <Alert severity="error">{errorMessage(failure)}</Alert>}
      <FormControl sx={{ maxWidth: 240 }} size="small">
        <InputLabel id={ids.units}>Units</InputLabel>
        <Select
          labelId={ids.units}
          label="Units"
          value={units}
          onChange={(event) => setUnits(event.target.value as Units)}
        >
          <MenuItem value="m">Metres (6/6)</MenuItem>
          <MenuItem value="ft">Feet (20/20)</MenuItem>
        </Select>
      </FormControl>
      <AutoAdvanceChoice />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'stretch' }}>
        <Card variant="outlined" sx={{ flex: 1 }} component="section" aria-labelledby="battery-title">
          <CardContent>
            <Stack spacing={2}>
              <Typography variant="h5" component="h2" id="battery-title">
                Full battery
              </Typography>
              <Typography color="text.secondary">
                Part A: visual acuity and DuoChrome. Part B: Diamond and Astigmatism Axis. Part C: Spoke
                Circle and Presbyopia. About 15 minutes.
              </Typography>
              <FormControl>
                <FormLabel id={ids.chart}>Acuity chart</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby={ids.chart}
                  value={chart}
                  onChange={(event) => setChart(event.target.value as ChartType)}
                >
                  {CHART_TYPES.map((type) => (
                    <FormControlLabel key={type} value={type} control={<Radio />} label={type} />
                  ))}
                </RadioGroup>
              </FormControl>
              {batteryMayCrowd && (
                <CrowdingChoice
                  id={ids.batteryCrowding}
                  checked={batteryCrowding}
                  onChange={setBatteryCrowding}
                />
              )}
              <ColourCalibrationNotice tests={batteryNeedsColour} battery prefix={prefix} />
              <Box>
                <Button
                  variant="contained"
                  size="large"
                  disabled={!ready || busy || batteryNeedsColour.length > 0}
                  onClick={startBattery}
                >
                  Start full battery
                </Button>
              </Box>
            </Stack>
          </CardContent>
        </Card>
        <Card variant="outlined" sx={{ flex: 1 }} component="section" aria-labelledby="single-title">
          <CardContent>
            <Stack spacing={2}>
              <Typography variant="h5" component="h2" id="single-title">
                Single test
              </Typography>
              <FormControl fullWidth>
                <InputLabel id={ids.single}>Test</InputLabel>
                <Select
                  labelId={ids.single}
                  label="Test"
                  value={single}
                  onChange={(event) => setSingle(event.target.value as TestId)}
                >
                  {TEST_IDS.map((id) => (
                    <MenuItem key={id} value={id}>
                      {TEST_DEFINITIONS[id].name}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
              <Typography color="text.secondary">{TEST_PURPOSE[single]}</Typography>
              {singleMayCrowd && (
                <CrowdingChoice
                  id={ids.singleCrowding}
                  checked={singleCrowding}
                  onChange={setSingleCrowding}
                />
              )}
              {mayUseTestMode && (
                <FormControlLabel
                  control={
                    <Switch checked={testMode} onChange={(event) => setTestMode(event.target.checked)} />
                  }
                  label="Test mode (shows the procedure’s state; results are marked as test mode)"
                />
              )}
              <ColourCalibrationNotice tests={singleNeedsColour} prefix={prefix} />
              <Box>
                <Button
                  variant="contained"
                  size="large"
                  disabled={!ready || busy || singleNeedsColour.length > 0}
                  onClick={startSingle}
                >
                  Start {TEST_DEFINITIONS[single].name}
                </Button>
              </Box>
            </Stack>
          </CardContent>
        </Card>
      </Stack>
    </Stack>
  );
}
