import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  blindSpotEstimate,
  blindSpotReachMm,
  cssPx,
  cssPxToMm,
  mm,
  mmToCssPx,
  type BlindSpotEstimate,
  type PxPerMm,
} from '@visus/core';
import { useT } from '@/lib/i18n/i18n';
import { formatFixed } from '@/lib/i18n/numbers';

/** Stands for the emphasised word in a translated sentence (its words decide where it goes). */
const MARK = '\u0000';

/**
 * Sweeps per check, alternating away from the cross and towards it: the reaction time adds to one
 * direction and takes from the other, so their mean cancels it (core `blindSpotEstimate`). Two pairs
 * give the spread and keep it under a minute.
 */
const SWEEPS = 4;
type Direction = 'outward' | 'inward';
const directionOf = (sweep: number): Direction => (sweep % 2 === 0 ? 'outward' : 'inward');
/** Dot speed in mm per second on the calibrated screen. */
const SPEED_MM_PER_S = 30;
/** Gap between the cross and the right edge, and the dot's start offset from the cross, in mm. */
const CROSS_MARGIN_MM = mm(15);
const START_OFFSET_MM = 10;

interface BlindSpotCheckProps {
  /** CSS px per mm from the Setup form (core `pxPerMmFromCard` / `pxPerMmFromDiagonal`). */
  pxPerMm: PxPerMm;
  typedDistanceMm: number | null;
  onUse: (distanceMm: number) => void;
}

type Phase = 'ready' | 'moving' | 'done';

function SweepArena({
  pxPerMm,
  direction,
  onSweep,
}: {
  pxPerMm: PxPerMm;
  direction: Direction;
  onSweep: (sweepMm: number | null) => void;
}) {
  const arena = useRef<HTMLDivElement>(null);
  const t = useT();
  const dot = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>('ready');
  const state = useRef({ start: 0, frame: 0, offsetPx: 0 });
  const crossMarginPx = mmToCssPx(CROSS_MARGIN_MM, { pxPerMm });

  const crossX = () => (arena.current?.clientWidth ?? 0) - crossMarginPx;

  const stop = useCallback(
    (seen: boolean) => {
      cancelAnimationFrame(state.current.frame);
      setPhase('done');
      onSweep(seen ? cssPxToMm(cssPx(state.current.offsetPx), { pxPerMm }) : null);
    },
    [onSweep, pxPerMm],
  );

  /** The inward sweep starts at the arena's left edge (8 px in), in mm from the cross. */
  const farStartMm = () =>
    Math.max(START_OFFSET_MM, cssPxToMm(cssPx(Math.max(0, crossX() - 8)), { pxPerMm }));
  /** The dot's distance from the cross `seconds` into the sweep, in CSS px. */
  const offsetAt = (seconds: number, farMm: number) =>
    mmToCssPx(
      mm(
        direction === 'outward'
          ? START_OFFSET_MM + seconds * SPEED_MM_PER_S
          : Math.max(0, farMm - seconds * SPEED_MM_PER_S),
      ),
      { pxPerMm },
    );

  const start = () => {
    setPhase('moving');
    state.current.start = performance.now();
    const farMm = farStartMm();
    state.current.offsetPx = offsetAt(0, farMm);
    const startPx = mmToCssPx(mm(START_OFFSET_MM), { pxPerMm });
    const step = (now: number) => {
      const offsetPx = offsetAt((now - state.current.start) / 1000, farMm);
      state.current.offsetPx = offsetPx;
      const x = crossX() - offsetPx;
      // Missed: outward, the dot reached the left edge; inward, it came back to its start by the cross.
      if (direction === 'outward' ? x < 8 : offsetPx < startPx) {
        stop(false);
        return;
      }
      if (dot.current) dot.current.style.transform = `translateX(${x}px)`;
      state.current.frame = requestAnimationFrame(step);
    };
    state.current.frame = requestAnimationFrame(step);
  };

  useEffect(() => {
    if (phase !== 'moving') return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.code === 'Space') {
        event.preventDefault();
        stop(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [phase, stop]);

  useEffect(() => () => cancelAnimationFrame(state.current.frame), []);

  return (
    <Stack spacing={2}>
      <Box
        ref={arena}
        sx={{
          position: 'relative',
          height: 180,
          bgcolor: '#fff',
          border: 1,
          borderColor: 'divider',
          overflow: 'hidden',
        }}
      >
        <Typography
          aria-label={t('setup.blindSpot.cross')}
          sx={{
            position: 'absolute',
            top: '50%',
            right: `${crossMarginPx}px`,
            transform: 'translate(50%, -50%)',
            fontSize: 32,
            lineHeight: 1,
            color: '#000',
          }}
        >
          +
        </Typography>
        {phase === 'moving' && (
          <Box
            ref={dot}
            aria-hidden
            sx={{
              position: 'absolute',
              top: 'calc(50% - 8px)',
              left: -8,
              width: 16,
              height: 16,
              borderRadius: '50%',
              bgcolor: '#d32f2f',
            }}
          />
        )}
      </Box>
      {phase === 'moving' ? (
        <Button variant="contained" size="large" onClick={() => stop(true)}>
          {t('setup.blindSpot.disappeared')}
        </Button>
      ) : (
        <Button variant="contained" size="large" onClick={start}>
          {t('setup.blindSpot.start')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * The optional "virtual chinrest" check (Li et al. 2020): the dot vanishes in the blind spot about 13.5°
 * from fixation, so its distance from the cross on the calibrated screen gives the viewing distance.
 */
export function BlindSpotCheck({ pxPerMm, typedDistanceMm, onUse }: BlindSpotCheckProps) {
  const [open, setOpen] = useState(false);
  const t = useT();
  const [sweeps, setSweeps] = useState<number[]>([]);
  const [missed, setMissed] = useState(false);
  const [estimate, setEstimate] = useState<BlindSpotEstimate | null>(null);
  const estimateMm = estimate?.distanceMm ?? null;
  const [round, setRound] = useState(0);

  const onSweep = useCallback((sweepMm: number | null) => {
    if (sweepMm === null) {
      setMissed(true);
      return;
    }
    setMissed(false);
    setSweeps((before) => {
      const next = [...before, sweepMm];
      if (next.length >= SWEEPS) {
        const outwardMm = next.filter((_, i) => directionOf(i) === 'outward');
        const inwardMm = next.filter((_, i) => directionOf(i) === 'inward');
        try {
          setEstimate(blindSpotEstimate({ outwardMm, inwardMm }));
        } catch {
          // The inward presses came before the outward ones: not a blind spot seen. Start again.
          setMissed(true);
          return [];
        }
      }
      return next;
    });
    setRound((r) => r + 1);
  }, []);

  const begin = () => {
    setSweeps([]);
    setMissed(false);
    setRound((r) => r + 1);
    setOpen(true);
  };
  const finished = sweeps.length >= SWEEPS;
  const typed = typedDistanceMm === null ? null : formatFixed(typedDistanceMm / 1000, 2);
  const metresOf = (distanceMm: number) => formatFixed(distanceMm / 1000, 2);
  const [beforeRight, afterRight = ''] = t(
    directionOf(sweeps.length) === 'outward' ? 'setup.blindSpot.outward' : 'setup.blindSpot.inward',
    { right: MARK, sweep: Math.min(sweeps.length + 1, SWEEPS), sweeps: SWEEPS },
  ).split(MARK);
  const maxMeasurableM = blindSpotReachMm(cssPx(window.innerWidth), { pxPerMm }) / 1000;

  return (
    <Box>
      <Button variant="outlined" onClick={begin}>
        {t('setup.blindSpot.open')}
      </Button>
      {estimateMm !== null && (
        <Typography sx={{ mt: 1 }} role="status">
          {typed
            ? t('setup.blindSpot.estimateTyped', { metres: metresOf(estimateMm), typed })
            : t('setup.blindSpot.estimate', { metres: metresOf(estimateMm) })}{' '}
          <Button size="small" onClick={() => onUse(estimateMm)}>
            {t('setup.blindSpot.useEstimate')}
          </Button>
        </Typography>
      )}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="xl"
        aria-labelledby="blind-spot-title"
      >
        <DialogTitle id="blind-spot-title">{t('setup.blindSpot.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography>
              {beforeRight}
              <strong>{t('setup.blindSpot.right')}</strong>
              {afterRight}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('setup.blindSpot.reach', { metres: formatFixed(maxMeasurableM, 1) })}
            </Typography>
            {missed && <Alert severity="warning">{t('setup.blindSpot.missed')}</Alert>}
            {finished ? (
              <Alert severity="success">
                {typed
                  ? t('setup.blindSpot.resultTyped', { metres: metresOf(estimateMm ?? 0), typed })
                  : t('setup.blindSpot.result', { metres: metresOf(estimateMm ?? 0) })}
                {estimate && estimate.maxMm - estimate.minMm >= 5
                  ? ` ${t('setup.blindSpot.spread', { min: metresOf(estimate.minMm), max: metresOf(estimate.maxMm) })}`
                  : ''}
              </Alert>
            ) : (
              <SweepArena
                key={round}
                pxPerMm={pxPerMm}
                direction={directionOf(sweeps.length)}
                onSweep={onSweep}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          {finished && estimateMm !== null && (
            <Button
              onClick={() => {
                onUse(estimateMm);
                setOpen(false);
              }}
            >
              {t('setup.blindSpot.useDistance')}
            </Button>
          )}
          <Button onClick={() => setOpen(false)}>
            {finished ? t('setup.blindSpot.done') : t('shell.cancel')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
