import { useId, useMemo, useState } from 'react';
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
  TEST_IDS,
  viewingFrom,
  type ChartType,
  type TestId,
} from '@visus/core';
import type { Session } from '@visus/contracts';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { errorMessage } from '@/lib/api/api-error';
import { currentLanguage, t, useT, type MessageId } from '@/lib/i18n/i18n';
import { testName } from '@/lib/i18n/test-names';
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
import { LoadingPlaceholder } from '@/components/loading-placeholder';

type Units = 'm' | 'ft';

/** What each test measures, in a sentence (the Tests page's catalog, issue 20). */
const TEST_PURPOSE = {
  sloan: 'tests.purpose.sloan',
  landoltC: 'tests.purpose.landoltC',
  tumblingE: 'tests.purpose.tumblingE',
  duoChrome: 'tests.purpose.duoChrome',
  astigAxis: 'tests.purpose.astigAxis',
  // A grating acuity (core acuityMeasure), never a power in dioptres, though the test keeps its name.
  astigPower: 'tests.purpose.astigPower',
  spokeCircle: 'tests.purpose.spokeCircle',
  spokeEllipse: 'tests.purpose.spokeEllipse',
  diamond: 'tests.purpose.diamond',
  presbyopia: 'tests.purpose.presbyopia',
} as const satisfies Record<TestId, MessageId>;

/** What a test measures, in the language shown. */
function testPurpose(test: TestId): string {
  return t(TEST_PURPOSE[test], { count: SLOAN_LETTERS.length, letters: SLOAN_LETTERS.join(' ') });
}

/** Where a new session's test screen lives. */
export function testScreenPath(prefix: string, session: Pick<Session, 'pin' | 'testMode'>): string {
  return `/${prefix}/test/${session.pin}${session.testMode ? '/test-mode' : ''}`;
}

const VALIDITY_TEXT = {
  'zoom-changed': 'tests.validity.zoomChanged',
  'screen-changed': 'tests.validity.screenChanged',
  'pinch-zoomed': 'tests.validity.pinchZoomed',
} as const satisfies Record<string, MessageId>;

/**
 * The calibration's place while it loads: its two alerts (which calibration, then what the charts can
 * measure from there) at their usual heights, so that the choices below do not move when they come in
 * (issue 25, CLS).
 */
function CalibrationStatusSkeleton() {
  const t = useT();
  return (
    <LoadingPlaceholder spacing={1.5} label={t('tests.loadingCalibration')}>
      <Skeleton variant="rounded" sx={{ height: { xs: 72, sm: 48 } }} />
      <Skeleton variant="rounded" sx={{ height: { xs: 112, sm: 72 } }} />
    </LoadingPlaceholder>
  );
}

/** Which calibration is in use and whether it holds on this screen; null when tests may start. */
function CalibrationStatus({ setupPath }: { setupPath: string }) {
  const t = useT();
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
      <Alert severity="warning" action={setupButton(t('tests.goToSetup'))}>
        {t('tests.notCalibrated')}
      </Alert>
    );
  }
  const method = t(settings.method === 'card' ? 'tests.method.card' : 'tests.method.diagonal');
  const metres = new Intl.NumberFormat(currentLanguage(), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const distance = t('tests.distance', { metres: metres.format(calibration.distanceMm / 1000) });
  if (validity && !validity.valid) {
    if (validity.reason === 'pinch-zoomed')
      return <Alert severity="warning">{t(VALIDITY_TEXT[validity.reason])}</Alert>;
    return (
      <Alert severity="warning" action={setupButton(t('tests.calibrateAgain'))}>
        {t('tests.calibratedInvalid', { method, distance, reason: t(VALIDITY_TEXT[validity.reason]) })}
      </Alert>
    );
  }
  return (
    <Stack spacing={1.5}>
      <Alert severity="success" action={setupButton(t('tests.change'))}>
        {t(validity?.reason === 'unverifiable' ? 'tests.calibratedUnverifiable' : 'tests.calibrated', {
          method,
          distance,
        })}
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

/** The tests of the full battery (Part A's chart test is any of them: each needs the same calibration). */
const BATTERY_TESTS = sessionTests({ single: null, testFlowA: [] });

/**
 * A card's colour notice and start button. They follow the calibration and the settings themselves, so
 * that when those load the rest of the page (MUI's form controls, ≈ 50 ms of rendering and styles at full
 * speed, 4-6 times that on a phone) is not drawn again (issue 25 item 5).
 */
function StartWhenReady({
  tests,
  battery = false,
  prefix,
  busy,
  onStart,
  label,
}: {
  tests: readonly TestId[];
  battery?: boolean;
  prefix: string;
  busy: boolean;
  onStart: () => void;
  label: string;
}) {
  const ready = useReadyToTest();
  const needsColour = useTestsNeedingColour(tests);
  return (
    <>
      <ColourCalibrationNotice tests={needsColour} battery={battery} prefix={prefix} />
      <Box>
        <Button
          variant="contained"
          size="large"
          disabled={!ready || busy || needsColour.length > 0}
          onClick={onStart}
        >
          {label}
        </Button>
      </Box>
    </>
  );
}

/** /{role}/tests: the full battery (Part A → B → C) or one test; creates the session and opens it. */
export function TestsPage() {
  const t = useT();
  const { role } = useAuth();
  const prefix = role ? routePrefix(role) : 'user';
  const navigate = useNavigate();
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
  // Told on each card, before starting: the battery and single tests that need Calibrate Colour first.
  const singleTests = useMemo(() => [single], [single]);

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
          {t('nav.tests')}
        </Typography>
        <Typography color="text.secondary">{t('tests.intro')}</Typography>
      </Box>
      <ResumeOffer screenPath={(session) => testScreenPath(prefix, session)} />
      <CalibrationStatus setupPath={`/${prefix}/setup`} />
      {failure && <Alert severity="error">{errorMessage(failure)}</Alert>}
      <FormControl sx={{ maxWidth: 240 }} size="small">
        <InputLabel id={ids.units}>{t('tests.units')}</InputLabel>
        <Select
          labelId={ids.units}
          label={t('tests.units')}
          value={units}
          onChange={(event) => setUnits(event.target.value as Units)}
        >
          <MenuItem value="m">{t('tests.units.m')}</MenuItem>
          <MenuItem value="ft">{t('tests.units.ft')}</MenuItem>
        </Select>
      </FormControl>
      <AutoAdvanceChoice area="tests" />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'stretch' }}>
        <Card variant="outlined" sx={{ flex: 1 }} component="section" aria-labelledby="battery-title">
          <CardContent>
            <Stack spacing={2}>
              <Typography variant="h5" component="h2" id="battery-title">
                {t('tests.battery')}
              </Typography>
              <Typography color="text.secondary">{t('tests.batteryAbout')}</Typography>
              <FormControl>
                <FormLabel id={ids.chart}>{t('tests.chart')}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby={ids.chart}
                  value={chart}
                  onChange={(event) => setChart(event.target.value as ChartType)}
                >
                  {CHART_TYPES.map((type) => (
                    <FormControlLabel
                      key={type}
                      value={type}
                      control={<Radio />}
                      label={testName(partAFlow(type)[0]!)}
                    />
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
              <StartWhenReady
                tests={BATTERY_TESTS}
                battery
                prefix={prefix}
                busy={busy}
                onStart={() => void startBattery()}
                label={t('tests.startBattery')}
              />
            </Stack>
          </CardContent>
        </Card>
        <Card variant="outlined" sx={{ flex: 1 }} component="section" aria-labelledby="single-title">
          <CardContent>
            <Stack spacing={2}>
              <Typography variant="h5" component="h2" id="single-title">
                {t('tests.single')}
              </Typography>
              <FormControl fullWidth>
                <InputLabel id={ids.single}>{t('tests.test')}</InputLabel>
                <Select
                  labelId={ids.single}
                  label={t('tests.test')}
                  value={single}
                  onChange={(event) => setSingle(event.target.value as TestId)}
                >
                  {TEST_IDS.map((id) => (
                    <MenuItem key={id} value={id}>
                      {testName(id)}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
              <Typography color="text.secondary">{testPurpose(single)}</Typography>
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
                  label={t('tests.testMode')}
                />
              )}
              <StartWhenReady
                tests={singleTests}
                prefix={prefix}
                busy={busy}
                onStart={() => void startSingle()}
                label={t('tests.start', { test: testName(single) })}
              />
            </Stack>
          </CardContent>
        </Card>
      </Stack>
    </Stack>
  );
}
