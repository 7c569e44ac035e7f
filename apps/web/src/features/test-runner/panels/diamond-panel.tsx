import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
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
import { DiamondTiles } from '@/features/test-runner/stimuli/diamond-tiles';
import type { TestPanelProps } from './panel-types';
import { testModeAnswer, useLatestState, usePanelKey } from './use-panel-key';

const TILES = ['1', '2', '3', '4'] as const;

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

  const arrangement = DIAMOND_ARRANGEMENTS[state.arrangement]!;
  const gratingTile = arrangement.indexOf('grating') + 1;
  return (
    <Stack spacing={3} sx={{ alignItems: 'center', py: 4 }}>
      <Typography variant="h5" component="p" sx={{ textAlign: 'center' }}>
        {state.stage === 1
          ? 'Choose the tile with the clearest lines, then submit.'
          : 'Look again at lower contrast: keep or change your choice, then submit.'}
      </Typography>
      <Box
        data-testid="diamond-stimulus"
        data-stage={state.stage}
        data-contrast={state.contrast}
        data-answer={testModeAnswer(String(gratingTile))}
      >
        <DiamondTiles
          arrangement={arrangement}
          rotations={DIAMOND_TILE_ROTATIONS}
          contrast={state.contrast}
          gamma={viewing.gamma}
          luminanceFactors={state.luminanceFactors}
          selected={state.selected ?? undefined}
          pixelsPerDegree={pixelsPerDegree(viewing)}
          devicePixelRatio={viewing.devicePixelRatio}
        />
      </Box>
      <Stack direction="row" spacing={2} role="group" aria-label="Choose a tile">
        {TILES.map((tile) => (
          <Button
            key={tile}
            variant={state.selected === Number(tile) ? 'contained' : 'outlined'}
            size="large"
            aria-pressed={state.selected === Number(tile)}
            aria-label={`Tile ${tile}`}
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
          Back
        </Button>
        <Button
          variant="contained"
          size="large"
          disabled={state.selected === null}
          onClick={() => handle(COMMAND_KEYS.submit)}
        >
          Submit
        </Button>
      </Stack>
    </Stack>
  );
}
