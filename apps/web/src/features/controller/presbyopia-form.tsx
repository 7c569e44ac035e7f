import { useId, useState } from 'react';
import {
  DEFAULT_PRESBYOPIA_DISTANCE,
  PRESBYOPIA_DISTANCES,
  encodePresbyopiaAnswer,
  formatDioptres,
  type PresbyopiaDistance,
} from '@visus/core';

const MIN = -20;
const MAX = 20;
const STEP = 0.25;

/** A typed prescription, or an error when it is not −20 … +20 D in 0.25 D steps. */
function parsePrescription(text: string): { value: number } | { error: string } {
  const normalised = text.trim().replace(/^\+/, '').replace('−', '-').replace(',', '.');
  const value = Number(normalised);
  if (normalised === '' || !Number.isFinite(value)) return { error: 'Enter a number, e.g. -1.75' };
  if (value < MIN || value > MAX) return { error: 'Enter a value from −20 to +20' };
  if (Math.round(value * 100) % 25 !== 0) return { error: 'Use steps of 0.25 (e.g. 1.25 or -2.5)' };
  return { value };
}

interface PresbyopiaFormProps {
  disabled: boolean;
  /** Receives the encoded answer (core encodePresbyopiaAnswer). */
  onSubmit: (key: string) => void;
}

/**
 * The Presbyopia answer (SPEC.md §2, §5): the distance prescription on a slider with a number field
 * (−20 … +20 D, 0.25 D steps) and the reading distance (default 'Between 1.6m and 1.9m').
 */
export function PresbyopiaForm({ disabled, onSubmit }: PresbyopiaFormProps) {
  const [prescription, setPrescription] = useState(0);
  const [typed, setTyped] = useState('0');
  const [distance, setDistance] = useState<PresbyopiaDistance>(DEFAULT_PRESBYOPIA_DISTANCE);
  const parsed = parsePrescription(typed);
  const error = 'error' in parsed ? parsed.error : null;
  const id = useId();
  const sliderLabel = `${id}-slider`;
  const fieldId = `${id}-field`;
  const helpId = `${id}-help`;

  return (
    <form
      className="vc-stack-lg"
      noValidate
      aria-label="Presbyopia answer"
      onSubmit={(event) => {
        event.preventDefault();
        if (error || disabled) return;
        onSubmit(encodePresbyopiaAnswer({ prescription, distance }));
      }}
    >
      <div>
        <p id={sliderLabel} className="vc-label">
          Your distance prescription (sphere): {formatDioptres(prescription)}
        </p>
        <p className="vc-muted vc-small">
          From your glasses or contact lens prescription; 0 if you do not wear any.
        </p>
        <input
          type="range"
          className="vc-range"
          aria-labelledby={sliderLabel}
          aria-valuetext={formatDioptres(prescription)}
          value={prescription}
          min={MIN}
          max={MAX}
          step={STEP}
          disabled={disabled}
          onChange={(event) => {
            const next = Number(event.target.value);
            setPrescription(next);
            setTyped(String(next));
          }}
        />
        <div className="vc-range-marks" aria-hidden="true">
          <span>−20</span>
          <span>0</span>
          <span>+20</span>
        </div>
        <div className="vc-field" style={{ marginTop: 16 }}>
          <label htmlFor={fieldId}>Prescription in dioptres</label>
          <input
            id={fieldId}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={typed}
            disabled={disabled}
            aria-invalid={error !== null}
            aria-describedby={helpId}
            onChange={(event) => {
              setTyped(event.target.value);
              const next = parsePrescription(event.target.value);
              if ('value' in next) setPrescription(next.value);
            }}
          />
          <p id={helpId} className={`vc-field-help${error ? ' vc-bad' : ''}`}>
            {error ?? 'Minus for short sight, plus for long sight'}
          </p>
        </div>
      </div>
      <fieldset className="vc-fieldset" disabled={disabled}>
        <legend>Distance</legend>
        {PRESBYOPIA_DISTANCES.map((choice) => (
          <label key={choice} className="vc-radio">
            <input
              type="radio"
              name={`${id}-distance`}
              value={choice}
              checked={distance === choice}
              onChange={() => setDistance(choice)}
            />
            {choice}
          </label>
        ))}
      </fieldset>
      <button
        type="submit"
        className="vc-button vc-success vc-pad-button"
        disabled={disabled || error !== null}
        style={{ minHeight: 64 }}
      >
        Submit
      </button>
    </form>
  );
}
