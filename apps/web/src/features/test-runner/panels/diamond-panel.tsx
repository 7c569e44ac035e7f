import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import {
  COMMAND_KEYS,
  DIAMOND_ARRANGEMENTS,
  DIAMOND_TILE_ROTATIONS,
  diamondFirstState,
  diamondRotateSubmit,
  diamondRoundOutcome,
  diamondSecondState,
  pixelsPerDegree,
  recordDiamondRound,
  selectDiamondTile,
  type DiamondEyeResult,
  type DiamondState,
} from '@visus/core';
import {
  DiamondTiles,
  diamondTilesLayout,
  diamondTileSide,
} from '@/features/test-runner/stimuli/diamond-tiles';
import type { TestPanelProps } from './panel-types';
import { testModeAnswer, useLatestState, usePanelKey } from './use-panel-key';
import { useT } from '@/lib/i18n/i18n';

const TILES = ['1', '2', '3', '4'] as const;

type Room = { width: number; height: number };

/** The panel's spacing between its parts (Stack spacing 3). */
const NOTICE_SPACING_PX = 24;

/**
 * The room the tiles have on screen, CSS px (issue 20): the panel's width, and the window's height less
 * what lies above the test frame (the app bar outside full screen) and the panel's own question and
 * buttons. Null until laid out (and where there is no layout, as in jsdom): the tiles take the spec's
 * diamond. Measured again when the window changes size or goes in or out of full screen.
 */
function useTilesRoom(
  panel: RefObject<HTMLElement | null>,
  tiles: RefObject<HTMLElement | null>,
  notice: RefObject<HTMLElement | null>,
) {
  const [room, setRoom] = useState<Room | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const p = panel.current;
      const t = tiles.current;
      if (!p || !t || p.clientWidth === 0) return;
      const frame = p.closest('[data-testid="test-screen"]') ?? p;
      const above = Math.max(0, frame.getBoundingClientRect().top + window.scrollY);
      // The too-small notice is left out, or its own height would keep the room too small once shown.
      const shownNotice = notice.current ? notice.current.offsetHeight + NOTICE_SPACING_PX : 0;
      const others = p.offsetHeight - t.offsetHeight - shownNotice;
      const next = { width: p.clientWidth, height: window.innerHeight - above - others };
      setRoom((r) => (r && r.width === next.width && r.height === next.height ? r : next));
    };
    measure();
    // After the page has re-laid out: full screen hides the app bar above the frame on the next render.
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    window.addEventListener('resize', later);
    document.addEventListener('fullscreenchange', later);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', later);
      document.removeEventListener('fullscreenchange', later);
    };
  }, [panel, tiles, notice]);
  return room;
}

/**
 * Diamond (SPEC.md §2, §4): four numbered tiles in a diamond. Each round starts with core
 * `diamondFirstState` (a random arrangement, contrast 20); keys 1–4 select a tile (`selectDiamondTile`);
 * 'submit' at stage 1 lowers the contrast to 8 (`diamondRotateSubmit`), at stage 2 stores the round
 * (`diamondRoundOutcome`: the tile, the grating's tile and whether they match) after the eye's earlier
 * rounds (`recordDiamondRound` → `{ diamond: { [eye]: { …last round, rounds, score } } }`) and tells the flow. 'back' at stage 2 returns
 * to stage 1 (`diamondSecondState`); at stage 1 it steps the flow back one round (`stepBack`).
 */
export function DiamondPanel(props: TestPanelProps) {
  // A new round (forwards or back) starts from a fresh first state.
  return <DiamondRound key={`${props.eye}-${props.round}`} {...props} />;
}

function DiamondRound({
  eye,
  round,
  pendingKey,
  consumeKey,
  record,
  recorded,
  progress,
  stepBack,
  viewing,
  rng,
}: TestPanelProps) {
  const [state, latest, setState] = useLatestState<DiamondState>(() => diamondFirstState(rng));
  // Once this round has been submitted or stepped back from, further keys wait for the next round.
  const leaving = useRef(false);

  const handle = (key: string) => {
    if (leaving.current) return;
    const current = latest();
    if ((TILES as readonly string[]).includes(key)) {
      setState(selectDiamondTile(current, Number(key)));
      return;
    }
    if (key === COMMAND_KEYS.submit) {
      if (current.selected === null) return;
      if (current.stage === 1) {
        setState(diamondRotateSubmit(current));
        return;
      }
      leaving.current = true;
      // The eye's rounds so far (a round done again after stepping back replaces its old answer).
      const previous =
        typeof recorded === 'object' && recorded !== null ? (recorded as DiamondEyeResult) : undefined;
      record({ diamond: { [eye]: recordDiamondRound(previous, round, diamondRoundOutcome(current)) } });
      progress();
      return;
    }
    if (key === COMMAND_KEYS.back) {
      if (current.stage === 2) {
        setState(diamondSecondState(current));
      } else if (round > 1) {
        leaving.current = true;
        stepBack();
      }
    }
  };
  usePanelKey(pendingKey, consumeKey, handle);
  const t = useT();

  const arrangement = DIAMOND_ARRANGEMENTS[state.arrangement]!;
  const gratingTile = arrangement.indexOf('grating') + 1;
  const ppd = pixelsPerDegree(viewing);
  // The tiles keep their calibrated size; only their arrangement follows the room (core diamondLayout).
  const panelRef = useRef<HTMLDivElement>(null);
  const tilesRef = useRef<HTMLDivElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const room = useTilesRoom(panelRef, tilesRef, noticeRef);
  const fits = room === null || diamondTilesLayout(diamondTileSide(ppd), room).fits;
  return (
    // Little room above and below: the tiles at their true size need it (issue 20); the top clears the
    // activity line of the frame.
    <Stack ref={panelRef} spacing={3} sx={{ alignItems: 'center', pt: 4, pb: 2 }}>
      <Typography variant="h5" component="p" sx={{ textAlign: 'center' }}>
        {state.stage === 1 ? t('diamond.choose') : t('diamond.lookAgain')}
      </Typography>
      {!fits && (
        <Alert ref={noticeRef} severity="warning" data-testid="diamond-too-small" sx={{ maxWidth: 720 }}>
          {t('diamond.tooSmall')}
        </Alert>
      )}
      <Box
        ref={tilesRef}
        data-testid="diamond-stimulus"
        data-stage={state.stage}
        data-contrast={state.contrast}
        data-answer={testModeAnswer(String(gratingTile))}
        // Full width, the tiles centred in it; wider than the window (it says so above), they scroll from
        // the left edge rather than overflow both edges, so tile 4 is never out of reach.
        sx={{ alignSelf: 'stretch', overflowX: 'auto' }}
      >
        <DiamondTiles
          arrangement={arrangement}
          rotations={DIAMOND_TILE_ROTATIONS}
          contrast={state.contrast}
          gamma={viewing.gamma}
          luminanceFactors={state.luminanceFactors}
          selected={state.selected ?? undefined}
          pixelsPerDegree={ppd}
          devicePixelRatio={viewing.devicePixelRatio}
          room={room ?? undefined}
        />
      </Box>
      {/* The tile buttons and Back / Submit share one row where it is wide enough (room for the tiles). */}
      <Stack
        direction="row"
        spacing={4}
        useFlexGap
        sx={{ flexWrap: 'wrap', justifyContent: 'center', rowGap: 2 }}
      >
        <Stack direction="row" spacing={2} role="group" aria-label={t('diamond.chooseTile')}>
          {TILES.map((tile) => (
            <Button
              key={tile}
              variant={state.selected === Number(tile) ? 'contained' : 'outlined'}
              size="large"
              aria-pressed={state.selected === Number(tile)}
              aria-label={t('diamond.tile', { tile })}
              onClick={() => handle(tile)}
            >
              {tile}
            </Button>
          ))}
        </Stack>
        <Stack direction="row" spacing={2}>
          <Button
            variant="outlined"
            size="large"
            disabled={state.stage === 1 && round <= 1}
            onClick={() => handle(COMMAND_KEYS.back)}
          >
            {t('choice.back')}
          </Button>
          <Button
            variant="contained"
            size="large"
            disabled={state.selected === null}
            onClick={() => handle(COMMAND_KEYS.submit)}
          >
            {t('choice.submit')}
          </Button>
        </Stack>
      </Stack>
    </Stack>
  );
}
