import { useCallback, useEffect, useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { driftAdvice, matchingScreenProfile, type TestId } from '@visus/core';
import type { CameraScaleData } from '@visus/contracts';
import { useAppDispatch } from '@/app/hooks';
import type { ResultPatch } from '@/features/test-runner/panels/panel-types';
import { resultsUpdated } from '@/features/test-runner/test-results-slice';
import { currentLanguage, t, useT } from '@/lib/i18n/i18n';
import { settingsWindow, useCalibrationWindow } from '@/lib/settings/calibration-window';
import { useGetScreenProfilesQuery, usePatchScreenProfileMutation } from '@/lib/settings/settings-api';
import { useCameraDistance, type CameraDistance, type ProfileScale } from './use-camera-distance';
import { TOOL_ROW } from '@/features/test-runner/run/tool-row';

/** The tests whose result depends on the distance and that the camera follows: acuity charts and near. */
export const CAMERA_TESTS: ReadonlySet<TestId> = new Set(['sloan', 'landoltC', 'tumblingE', 'presbyopia']);

/** Metres with two decimals, as the language shown writes them (the message adds the unit). */
const m = (mm: number) =>
  new Intl.NumberFormat(currentLanguage(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    mm / 1000,
  );

/** The one line the person reads (issue 18 §5: never blocks the test). */
export function cameraLine(camera: CameraDistance, plannedMm: number): string {
  const typed = t('camera.typed', { metres: m(plannedMm) });
  const { status, distanceMm, problem } = camera;
  switch (status.kind) {
    case 'off':
      return t('camera.offer');
    case 'declined':
      return t('camera.declined', { typed });
    case 'starting':
      return t('camera.starting');
    case 'unavailable':
      return status.reason === 'refused'
        ? t('camera.refused', { typed })
        : status.reason === 'no-camera'
          ? t('camera.none', { typed })
          : t('camera.failed', { typed });
    case 'calibrating':
      if (problem === 'no-face') return t('camera.noFace', { typed });
      return t('camera.learning', { metres: m(plannedMm) });
    case 'tracking': {
      if (problem === 'no-face') return t('camera.noFace', { typed });
      if (problem === 'too-far') return t('camera.tooFar', { typed });
      if (problem === 'turned') return t('camera.faceScreen');
      if (distanceMm === null) return t('camera.measuring');
      const advice = driftAdvice(distanceMm, plannedMm);
      const move =
        advice === 'move-back'
          ? ` ${t('camera.moveBack', { metres: m(plannedMm) })}`
          : advice === 'move-closer'
            ? ` ${t('camera.moveCloser', { metres: m(plannedMm) })}`
            : '';
      return `${t('camera.measured', { metres: m(distanceMm) })}${move}`;
    }
  }
}

/** The camera's advice to move (core driftAdvice) while it tracks a face, or null (spoken: issue 20). */
export function cameraAdvice(camera: CameraDistance, plannedMm: number): 'move-back' | 'move-closer' | null {
  const { status, distanceMm, problem } = camera;
  if (status.kind !== 'tracking' || problem || distanceMm === null) return null;
  return driftAdvice(distanceMm, plannedMm);
}

/**
 * The camera scale of this screen's profile (docs/adr/0027) and a way to keep a new one there: the
 * profile made on a screen of this size at this zoom; none (the scale stays on this device only) when
 * there is no such profile or the profiles cannot be loaded.
 */
function useScreenProfileScale(active: boolean): ProfileScale | undefined {
  const current = useCalibrationWindow();
  const profiles = useGetScreenProfilesQuery(undefined, { skip: !active });
  const [patch] = usePatchScreenProfileMutation();
  const match = profiles.data
    ? matchingScreenProfile(
        profiles.data.map((p) => ({ ...p, window: settingsWindow(p.settings) })),
        current,
      )
    : null;
  const id = match?.id ?? null;
  const scale = match?.cameraScale ?? null;
  const keep = useCallback(
    (next: CameraScaleData) => {
      if (id) void patch({ id, patch: { cameraScale: next } });
    },
    [id, patch],
  );
  return useMemo(() => (id ? { scale, keep } : undefined), [id, scale, keep]);
}

/**
 * The camera's one-line notice on the test screen while an acuity or near test is current, with the
 * consent buttons the first time, and the test's `viewing` kept in its result (docs/results.md).
 */
export function CameraDistanceNotice({
  test,
  plannedMm,
  plannedMethod = 'typed',
  running,
  onAdvice,
}: {
  test: TestId;
  plannedMm: number;
  /** How `plannedMm` was known: typed on Setup or the blind-spot check's estimate. */
  plannedMethod?: 'typed' | 'blind-spot';
  /** The test is under way (InTest): its result gets the viewing. */
  running: boolean;
  /** Told the camera's advice to move whenever it changes (the display speaks it). */
  onAdvice?: (advice: 'move-back' | 'move-closer' | null) => void;
}) {
  useT();
  const dispatch = useAppDispatch();
  const active = CAMERA_TESTS.has(test);
  const profileScale = useScreenProfileScale(active);
  const camera = useCameraDistance(test, plannedMm, active, profileScale, plannedMethod);
  const viewingJson = JSON.stringify(camera.viewing);
  useEffect(() => {
    if (active && running)
      dispatch(resultsUpdated({ [test]: { viewing: JSON.parse(viewingJson) } } as ResultPatch));
  }, [active, running, test, viewingJson, dispatch]);
  const advice = active ? cameraAdvice(camera, plannedMm) : null;
  useEffect(() => {
    onAdvice?.(advice);
  }, [advice, onAdvice]);
  if (!active) return null;
  return (
    <Box
      role="status"
      data-testid="camera-distance"
      // One line on the frame's bottom edge, after the tool buttons (help, settings, voice) and before the
      // full-screen button, clear of the Progress counter and the activity name at the top; on a narrow
      // window, above the tool buttons. In the frame's own text colour, so it reads on the light and the
      // dark test backgrounds alike.
      sx={{
        position: 'absolute',
        left: { xs: 16, sm: TOOL_ROW.endPx },
        right: 96,
        bottom: { xs: TOOL_ROW.bottom + 56, sm: 12 },
        zIndex: 1,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        flexWrap: 'wrap',
        py: 0.5,
      }}
    >
      <Typography variant="body2" sx={{ color: 'inherit', opacity: 0.85 }}>
        {cameraLine(camera, plannedMm)}
      </Typography>
      {camera.status.kind === 'off' && (
        <>
          <Button size="small" variant="outlined" onClick={camera.start}>
            {t('camera.use')}
          </Button>
          <Button size="small" onClick={camera.decline}>
            {t('camera.noThanks')}
          </Button>
        </>
      )}
    </Box>
  );
}
