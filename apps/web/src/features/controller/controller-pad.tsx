import type { ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import RemoveIcon from '@mui/icons-material/Remove';
import RotateLeftIcon from '@mui/icons-material/RotateLeft';
import RotateRightIcon from '@mui/icons-material/RotateRight';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import { COMMAND_KEYS, CONTROLLER_KEYS, type TestId } from '@visus/core';
import { PresbyopiaForm } from './presbyopia-form';

/** Thumb-sized: at least 56 px high (WCAG target size and the brief), big type. */
export const PAD_BUTTON_MIN_HEIGHT = 64;

interface PadButtonProps {
  label: string;
  children: ReactNode;
  onPress: () => void;
  disabled: boolean;
  color?: ButtonProps['color'];
  variant?: ButtonProps['variant'];
  sx?: ButtonProps['sx'];
}

function PadButton({ label, children, onPress, disabled, color, variant = 'contained', sx }: PadButtonProps) {
  return (
    <Button
      aria-label={label}
      variant={variant}
      color={color ?? 'primary'}
      disabled={disabled}
      onClick={onPress}
      fullWidth
      sx={{
        minHeight: PAD_BUTTON_MIN_HEIGHT,
        fontSize: '1.5rem',
        fontWeight: 700,
        textTransform: 'none',
        touchAction: 'manipulation',
        ...sx,
      }}
    >
      {children}
    </Button>
  );
}

function Grid({
  columns,
  children,
  label,
}: {
  columns: number | string;
  children: ReactNode;
  label: string;
}) {
  return (
    <Box
      role="group"
      aria-label={label}
      sx={{
        display: 'grid',
        gridTemplateColumns: typeof columns === 'number' ? `repeat(${columns}, 1fr)` : columns,
        gap: 1,
      }}
    >
      {children}
    </Box>
  );
}

/** Directions as degrees counter-clockwise from "right" (core controller-keys), named for people. */
export const DIRECTION_LABELS: Readonly<Record<string, string>> = {
  '0': 'Right',
  '45': 'Up-right',
  '90': 'Up',
  '135': 'Up-left',
  '180': 'Left',
  '225': 'Down-left',
  '270': 'Down',
  '315': 'Down-right',
};
/** The 3 × 3 grid, row by row; null is an empty cell (the centre). */
const DIRECTION_GRID = ['135', '90', '45', '180', null, '0', '225', '270', '315'] as const;

interface ControllerPadProps {
  test: TestId;
  /** True until the handshake is done (keys would be ignored by the display). */
  disabled: boolean;
  onKey: (key: string) => void;
}

/** The answer pad of the current test (core CONTROLLER_KEYS[test].layout). */
export function ControllerPad({ test, disabled, onKey }: ControllerPadProps) {
  const { layout, keys } = CONTROLLER_KEYS[test];
  const press = (key: string) => () => onKey(key);
  const submit = (
    <PadButton label="Submit" onPress={press(COMMAND_KEYS.submit)} disabled={disabled} color="success">
      Submit
    </PadButton>
  );

  switch (layout) {
    case 'letters':
      return (
        <Grid columns="repeat(auto-fill, minmax(60px, 1fr))" label="Letters">
          {keys.map((letter) => (
            <PadButton key={letter} label={letter} onPress={press(letter)} disabled={disabled}>
              {letter}
            </PadButton>
          ))}
        </Grid>
      );
    case 'directions-8':
    case 'directions-4':
      return (
        <Grid columns={3} label="Directions">
          {DIRECTION_GRID.map((rotation, index) =>
            rotation !== null && keys.includes(rotation) ? (
              <PadButton
                key={rotation}
                label={DIRECTION_LABELS[rotation]!}
                onPress={press(rotation)}
                disabled={disabled}
                sx={{ minHeight: 88 }}
              >
                <ArrowForwardIcon
                  aria-hidden
                  sx={{ fontSize: 44, transform: `rotate(${-Number(rotation)}deg)` }}
                />
              </PadButton>
            ) : (
              <Box key={`empty-${index}`} aria-hidden />
            ),
          )}
        </Grid>
      );
    case 'axis':
      return (
        <Grid columns={3} label="Which image is clearer">
          <PadButton label="Left image is clearer" onPress={press('left')} disabled={disabled}>
            Left
          </PadButton>
          <PadButton label="Both look the same" onPress={press('same')} disabled={disabled} color="secondary">
            Same
          </PadButton>
          <PadButton label="Right image is clearer" onPress={press('right')} disabled={disabled}>
            Right
          </PadButton>
        </Grid>
      );
    case 'grating-positions':
      return (
        <Grid columns={3} label="Which target has the lines">
          {keys.map((position) => (
            <PadButton
              key={position}
              label={`Target ${position} has the lines`}
              onPress={press(position)}
              disabled={disabled}
              sx={{ minHeight: 96, fontSize: '2rem' }}
            >
              {position}
            </PadButton>
          ))}
        </Grid>
      );
    case 'spoke-circle':
    case 'spoke-ellipse':
      return (
        <Grid columns={2} label="Adjust the shape">
          <PadButton label="Decrease" onPress={press('decrease')} disabled={disabled}>
            <RemoveIcon aria-hidden sx={{ mr: 1 }} /> Smaller
          </PadButton>
          <PadButton label="Increase" onPress={press('increase')} disabled={disabled}>
            <AddIcon aria-hidden sx={{ mr: 1 }} /> Larger
          </PadButton>
          {layout === 'spoke-ellipse' && (
            <>
              <PadButton
                label="Rotate counter-clockwise"
                onPress={press('counter-clockwise')}
                disabled={disabled}
              >
                <RotateLeftIcon aria-hidden sx={{ fontSize: 36 }} />
              </PadButton>
              <PadButton label="Rotate clockwise" onPress={press('clockwise')} disabled={disabled}>
                <RotateRightIcon aria-hidden sx={{ fontSize: 36 }} />
              </PadButton>
            </>
          )}
          <Box sx={{ gridColumn: '1 / -1' }}>{submit}</Box>
        </Grid>
      );
    case 'diamond':
      return (
        <Grid columns={2} label="Diamond tiles">
          {keys.map((tile) => (
            <PadButton
              key={tile}
              label={`Tile ${tile}`}
              onPress={press(tile)}
              disabled={disabled}
              sx={{ minHeight: 88, fontSize: '2rem' }}
            >
              {tile}
            </PadButton>
          ))}
          <PadButton label="Back" onPress={press(COMMAND_KEYS.back)} disabled={disabled} variant="outlined">
            <UndoIcon aria-hidden sx={{ mr: 1 }} /> Back
          </PadButton>
          {submit}
        </Grid>
      );
    case 'duochrome':
      return (
        <Grid columns={2} label="Which letters are clearer">
          <PadButton
            label="Letters on red are clearer"
            onPress={press('red')}
            disabled={disabled}
            sx={{ minHeight: 120, bgcolor: '#c62828', '&:hover': { bgcolor: '#b71c1c' } }}
          >
            Red
          </PadButton>
          <PadButton
            label="Letters on green are clearer"
            onPress={press('green')}
            disabled={disabled}
            sx={{ minHeight: 120, bgcolor: '#2e7d32', '&:hover': { bgcolor: '#1b5e20' } }}
          >
            Green
          </PadButton>
        </Grid>
      );
    case 'presbyopia':
      return <PresbyopiaForm disabled={disabled} onSubmit={onKey} />;
    default:
      return null;
  }
}

interface ContinueButtonProps {
  /** 'START' on Ready, 'CONTINUE' on Repeat and Continue. */
  label: 'START' | 'CONTINUE';
  disabled: boolean;
  onKey: (key: string) => void;
}

/** The big button that starts a test from Ready or goes on from Repeat/Continue. */
export function ContinueButton({ label, disabled, onKey }: ContinueButtonProps) {
  return (
    <PadButton
      label={label === 'START' ? 'Start' : 'Continue'}
      onPress={() => onKey(COMMAND_KEYS.continue)}
      disabled={disabled}
      color="success"
      sx={{ minHeight: 120, fontSize: '2rem', letterSpacing: '0.08em' }}
    >
      {label}
    </PadButton>
  );
}
