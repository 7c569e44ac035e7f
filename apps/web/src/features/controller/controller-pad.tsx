import type { CSSProperties, ReactNode } from 'react';
import {
  AXIS_LETTER_TURN_KEYS,
  CANNOT_SEE_KEY,
  COMMAND_KEYS,
  CONTROLLER_KEYS,
  offersCannotSee,
  PAD_KEY_HEIGHTS_PX,
  type ControllerStep,
  type TestId,
} from '@visus/core';
import { ArrowIcon, BackIcon, MinusIcon, PlusIcon, TurnIcon } from './controller-icons';
import { LARGE_PAD_BUTTON_MIN_HEIGHT, useLargeMode } from './controller-large-mode';
import { useScreenBand } from './use-screen-band';
import { PresbyopiaForm } from './presbyopia-form';
import { t, type MessageId } from '@/lib/i18n/i18n';

/** Thumb-sized: at least 56 px high (WCAG target size and the brief), big type. */
export const PAD_BUTTON_MIN_HEIGHT = 64;

/** The words of the "I can't see it" button (core CANNOT_SEE_KEY, scored as a wrong answer). */
export const cannotSeeLabel = (): string => t('key.cannotSee');

/** Where Diamond's tiles 1 … 4 sit on the display (stimuli/diamond-tiles.tsx): top, right, bottom, left. */
const DIAMOND_PLACES = [
  { gridRow: 1, gridColumn: 2 },
  { gridRow: 2, gridColumn: 3 },
  { gridRow: 3, gridColumn: 2 },
  { gridRow: 2, gridColumn: 1 },
] as const;

/** The look of a pad button (controller.css). */
export type PadTone = 'primary' | 'secondary' | 'success' | 'outlined' | 'red' | 'green' | 'cannot-see';

interface PadButtonProps {
  label: string;
  children: ReactNode;
  onPress: () => void;
  disabled: boolean;
  tone?: PadTone;
  minHeight?: number;
  fontSize?: string;
  /** Its cell in the pad's grid, when the pad mirrors a layout on the display (Diamond). */
  place?: { gridRow: number; gridColumn: number };
}

function PadButton({
  label,
  children,
  onPress,
  disabled,
  tone = 'primary',
  minHeight = PAD_BUTTON_MIN_HEIGHT,
  fontSize,
  place,
}: PadButtonProps) {
  // Large mode (docs/adr/0024): every button at least LARGE_PAD_BUTTON_MIN_HEIGHT, larger ones kept.
  const large = useLargeMode();
  // The keys grow with the window at 414 and 560 px (core PAD_KEY_HEIGHTS_PX, SPEC.md §9).
  const grown = Math.max(minHeight, PAD_KEY_HEIGHTS_PX[useScreenBand()]);
  // The height is inline so that it holds whatever the stylesheet does (and tests can read it).
  const style: CSSProperties = {
    minHeight: large ? Math.max(grown, LARGE_PAD_BUTTON_MIN_HEIGHT) : grown,
    ...(fontSize && !large ? { fontSize } : {}),
    ...place,
  };
  return (
    <button
      type="button"
      aria-label={label}
      className={`vc-button vc-pad-button${tone === 'primary' ? '' : ` vc-${tone}`}`}
      disabled={disabled}
      onClick={onPress}
      style={style}
    >
      {children}
    </button>
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
    <div
      role="group"
      aria-label={label}
      className="vc-grid"
      style={{ gridTemplateColumns: typeof columns === 'number' ? `repeat(${columns}, 1fr)` : columns }}
    >
      {children}
    </div>
  );
}

/** Directions as degrees counter-clockwise from "right" (core controller-keys), named for people. */
const DIRECTION_IDS = {
  '0': 'direction.0',
  '45': 'direction.45',
  '90': 'direction.90',
  '135': 'direction.135',
  '180': 'direction.180',
  '225': 'direction.225',
  '270': 'direction.270',
  '315': 'direction.315',
} as const satisfies Readonly<Record<string, MessageId>>;

/** A direction key's name ('Up-left' for '135'), or undefined for a key that is not a direction. */
export function directionLabel(key: string): string | undefined {
  return Object.hasOwn(DIRECTION_IDS, key) ? t(DIRECTION_IDS[key as keyof typeof DIRECTION_IDS]) : undefined;
}
/** The 3 × 3 grid, row by row; null is an empty cell (the centre). */
const DIRECTION_GRID = ['135', '90', '45', '180', null, '0', '225', '270', '315'] as const;

interface ControllerPadProps {
  test: TestId;
  /** The test's step when its pad changes within a run (display-key `step`); null otherwise. */
  step?: ControllerStep | null;
  /** True until the handshake is done (keys would be ignored by the display). */
  disabled: boolean;
  onKey: (key: string) => void;
}

/**
 * The answer pad of the current test (core CONTROLLER_KEYS[test].layout), laid out as the display lays
 * out what it answers: the eight directions around an empty centre, the three targets in a row, Diamond's
 * tiles in a diamond (1 top, 2 right, 3 bottom, 4 left). The letter and optotype charts add "I can't see
 * it" (core offersCannotSee), a wide button under the pad.
 */
export function ControllerPad(props: ControllerPadProps) {
  const pad = <AnswerPad {...props} />;
  if (!offersCannotSee(props.test)) return pad;
  return (
    <div className="vc-stack">
      {pad}
      <PadButton
        label={cannotSeeLabel()}
        onPress={() => props.onKey(CANNOT_SEE_KEY)}
        disabled={props.disabled}
        tone="cannot-see"
        fontSize="1.25rem"
      >
        {cannotSeeLabel()}
      </PadButton>
    </div>
  );
}

function AnswerPad({ test, step = null, disabled, onKey }: ControllerPadProps) {
  const large = useLargeMode();
  const { layout, keys } = CONTROLLER_KEYS[test];
  const press = (key: string) => () => onKey(key);
  const submit = (
    <PadButton
      label={t('key.submit')}
      onPress={press(COMMAND_KEYS.submit)}
      disabled={disabled}
      tone="success"
    >
      {t('key.submit')}
    </PadButton>
  );

  switch (layout) {
    case 'letters':
      return (
        <Grid columns={`repeat(auto-fill, minmax(${large ? 80 : 60}px, 1fr))`} label={t('pad.letters')}>
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
        <Grid columns={3} label={t('pad.directions')}>
          {DIRECTION_GRID.map((rotation, index) =>
            rotation !== null && keys.includes(rotation) ? (
              <PadButton
                key={rotation}
                label={directionLabel(rotation)!}
                onPress={press(rotation)}
                disabled={disabled}
                minHeight={88}
              >
                {/* The keys count degrees counter-clockwise; CSS rotates clockwise. */}
                <ArrowIcon className="vc-pad-icon" rotate={-Number(rotation)} testId="direction-arrow" />
              </PadButton>
            ) : (
              <div key={`empty-${index}`} aria-hidden="true" />
            ),
          )}
        </Grid>
      );
    case 'axis':
      if (step === 'axis-letter') {
        // The rotating letter (docs/adr/0017): turn it, then choose the sharpest turn or say all look alike.
        return (
          <div className="vc-stack">
            <Grid columns={4} label={t('pad.turnLetter')}>
              {AXIS_LETTER_TURN_KEYS.map((rotation) => (
                <PadButton
                  key={rotation}
                  label={t('pad.turnTo', { degrees: rotation })}
                  onPress={press(rotation)}
                  disabled={disabled}
                >
                  {rotation}°
                </PadButton>
              ))}
            </Grid>
            <Grid columns={2} label={t('pad.yourAnswer')}>
              <PadButton
                label={t('pad.sharpestLabel')}
                onPress={press(COMMAND_KEYS.submit)}
                disabled={disabled}
                tone="success"
              >
                {t('pad.sharpest')}
              </PadButton>
              <PadButton
                // The name holds the words shown (WCAG 2.5.3), then says what they mean.
                label={t('pad.allSameLabel')}
                onPress={press('same')}
                disabled={disabled}
                tone="secondary"
              >
                {t('pad.allSame')}
              </PadButton>
            </Grid>
          </div>
        );
      }
      return (
        <Grid columns={3} label={t('pad.whichImage')}>
          <PadButton label={t('pad.leftClearer')} onPress={press('left')} disabled={disabled}>
            {t('pad.left')}
          </PadButton>
          <PadButton label={t('pad.bothSame')} onPress={press('same')} disabled={disabled} tone="secondary">
            {t('pad.same')}
          </PadButton>
          <PadButton label={t('pad.rightClearer')} onPress={press('right')} disabled={disabled}>
            {t('pad.right')}
          </PadButton>
        </Grid>
      );
    case 'grating-positions':
      return (
        <Grid columns={3} label={t('pad.whichTarget')}>
          {keys.map((position) => (
            <PadButton
              key={position}
              label={t('pad.targetHasLines', { position })}
              onPress={press(position)}
              disabled={disabled}
              minHeight={96}
              fontSize="2rem"
            >
              {position}
            </PadButton>
          ))}
        </Grid>
      );
    case 'spoke-circle':
    case 'spoke-ellipse':
      return (
        <Grid columns={2} label={t('pad.adjustShape')}>
          <PadButton label={t('pad.smaller')} onPress={press('decrease')} disabled={disabled}>
            <MinusIcon className="vc-pad-icon-text" /> {t('pad.smaller')}
          </PadButton>
          <PadButton label={t('pad.larger')} onPress={press('increase')} disabled={disabled}>
            <PlusIcon className="vc-pad-icon-text" /> {t('pad.larger')}
          </PadButton>
          {layout === 'spoke-ellipse' && (
            <>
              <PadButton
                label={t('pad.rotateCounterClockwise')}
                onPress={press('counter-clockwise')}
                disabled={disabled}
              >
                <TurnIcon className="vc-pad-icon" />
              </PadButton>
              <PadButton label={t('pad.rotateClockwise')} onPress={press('clockwise')} disabled={disabled}>
                <TurnIcon className="vc-pad-icon" clockwise />
              </PadButton>
            </>
          )}
          <div className="vc-span-all">{submit}</div>
        </Grid>
      );
    case 'diamond':
      // The tiles where the display draws them; the centre stays empty, as on the display.
      return (
        <div className="vc-stack">
          <Grid columns={3} label={t('pad.diamondTiles')}>
            {keys.map((tile, index) => (
              <PadButton
                key={tile}
                label={t('pad.tile', { tile })}
                onPress={press(tile)}
                disabled={disabled}
                minHeight={88}
                fontSize="2rem"
                place={DIAMOND_PLACES[index]}
              >
                {tile}
              </PadButton>
            ))}
          </Grid>
          <Grid columns={2} label={t('pad.yourAnswer')}>
            <PadButton
              label={t('key.back')}
              onPress={press(COMMAND_KEYS.back)}
              disabled={disabled}
              tone="outlined"
            >
              <BackIcon className="vc-pad-icon-text" /> {t('key.back')}
            </PadButton>
            {submit}
          </Grid>
        </div>
      );
    case 'duochrome':
      return (
        <Grid columns={3} label={t('pad.whichLetters')}>
          <PadButton
            label={t('pad.redClearer')}
            onPress={press('red')}
            disabled={disabled}
            tone="red"
            minHeight={120}
          >
            {t('pad.red')}
          </PadButton>
          <PadButton
            label={t('pad.bothSame')}
            onPress={press('same')}
            disabled={disabled}
            tone="secondary"
            minHeight={120}
          >
            {t('pad.same')}
          </PadButton>
          <PadButton
            label={t('pad.greenClearer')}
            onPress={press('green')}
            disabled={disabled}
            tone="green"
            minHeight={120}
          >
            {t('pad.green')}
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
      label={label === 'START' ? t('key.start') : t('key.continue')}
      onPress={() => onKey(COMMAND_KEYS.continue)}
      disabled={disabled}
      tone="success"
      minHeight={120}
      fontSize="2rem"
    >
      {label === 'START' ? t('key.START') : t('key.CONTINUE')}
    </PadButton>
  );
}

/**
 * Pause on the screens that move on by themselves (Repeat, Continue, Complete; WCAG 2.2.1): the display
 * stops its countdown and waits for CONTINUE. Pressing it again keeps it paused.
 */
export function PauseButton({ disabled, onKey }: { disabled: boolean; onKey: (key: string) => void }) {
  return (
    <PadButton
      label={t('key.pause')}
      onPress={() => onKey(COMMAND_KEYS.pause)}
      disabled={disabled}
      tone="secondary"
    >
      {t('key.pause')}
    </PadButton>
  );
}
