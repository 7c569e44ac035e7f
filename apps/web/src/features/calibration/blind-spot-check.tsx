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
import { averageBlindSpotDistanceMm, BLIND_SPOT_ANGLE_DEG } from '@visus/core';

/** Sweeps averaged per check (Li et al. 2020 average several; three keeps it under a minute). */
const SWEEPS = 3;
/** Dot speed in mm per second on the calibrated screen. */
const SPEED_MM_PER_S = 30;
/** Gap between the cross and the right edge, and the dot's start offset from the cross, in mm. */
const CROSS_MARGIN_MM = 15;
const START_OFFSET_MM = 10;

interface BlindSpotCheckProps {
  pxPerMm: number;
  typedDistanceMm: number | null;
  onUse: (distanceMm: number) => void;
}

type Phase = 'ready' | 'moving' | 'done';

function SweepArena({ pxPerMm, onSweep }: { pxPerMm: number; onSweep: (mm: number | null) => void }) {
  const arena = useRef<HTMLDivElement>(null);
  const dot = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>('ready');
  const state = useRef({ start: 0, frame: 0, offsetPx: 0 });

  const crossX = () => (arena.current?.clientWidth ?? 0) - CROSS_MARGIN_MM * pxPerMm;

  const stop = useCallback(
    (seen: boolean) => {
      cancelAnimationFrame(state.current.frame);
      setPhase('done');
      onSweep(seen ? state.current.offsetPx / pxPerMm : null);
    },
    [onSweep, pxPerMm],
  );

  const start = () => {
    setPhase('moving');
    state.current.start = performance.now();
    state.current.offsetPx = START_OFFSET_MM * pxPerMm;
    const step = (now: number) => {
      const offsetPx = (START_OFFSET_MM + ((now - state.current.start) / 1000) * SPEED_MM_PER_S) * pxPerMm;
      state.current.offsetPx = offsetPx;
      const x = crossX() - offsetPx;
      if (x < 8) {
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
          aria-label="Fixation cross"
          sx={{
            position: 'absolute',
            top: '50%',
            right: `${CROSS_MARGIN_MM * pxPerMm}px`,
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
          The dot disappeared (Space)
        </Button>
      ) : (
        <Button variant="contained" size="large" onClick={start}>
          Start sweep
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
  const [sweeps, setSweeps] = useState<number[]>([]);
  const [missed, setMissed] = useState(false);
  const [estimateMm, setEstimateMm] = useState<number | null>(null);
  const [round, setRound] = useState(0);

  const onSweep = useCallback((mm: number | null) => {
    if (mm === null) {
      setMissed(true);
      return;
    }
    setMissed(false);
    setSweeps((before) => {
      const next = [...before, mm];
      if (next.length >= SWEEPS) setEstimateMm(averageBlindSpotDistanceMm(next));
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
  const typed = typedDistanceMm === null ? null : (typedDistanceMm / 1000).toFixed(2);
  const maxMeasurableM =
    ((window.innerWidth / pxPerMm) * 0.8) / Math.tan((BLIND_SPOT_ANGLE_DEG * Math.PI) / 180) / 1000;

  return (
    <Box>
      <Button variant="outlined" onClick={begin}>
        Check the distance with your blind spot (optional)
      </Button>
      {estimateMm !== null && (
        <Typography sx={{ mt: 1 }} role="status">
          Blind-spot estimate: {(estimateMm / 1000).toFixed(2)} m{typed && ` — you typed ${typed} m`}.{' '}
          <Button size="small" onClick={() => onUse(estimateMm)}>
            Use the estimate
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
        <DialogTitle id="blind-spot-title">Blind-spot distance check</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography>
              Sit where you will sit for the tests. Cover your <strong>right</strong> eye and look at the
              cross with your left eye. Keep looking at the cross: a red dot moves left away from it. Press
              Space (or the button) the moment the dot disappears. Sweep {Math.min(sweeps.length + 1, SWEEPS)}{' '}
              of {SWEEPS}.
            </Typography>
            <Typography variant="body2" color="text.secondary">
              This screen can check distances up to about {maxMeasurableM.toFixed(1)} m.
            </Typography>
            {missed && (
              <Alert severity="warning">
                The dot reached the edge without disappearing. Keep your eyes on the cross and try again, or
                sit closer.
              </Alert>
            )}
            {finished ? (
              <Alert severity="success">
                Your eyes are about {((estimateMm ?? 0) / 1000).toFixed(2)} m from the screen
                {typed && ` (you typed ${typed} m)`}.
              </Alert>
            ) : (
              <SweepArena key={round} pxPerMm={pxPerMm} onSweep={onSweep} />
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
              Use this distance
            </Button>
          )}
          <Button onClick={() => setOpen(false)}>{finished ? 'Done' : 'Cancel'}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
