import { useId, useState } from 'react';
import {
  DEFAULT_PRESBYOPIA_DISTANCE,
  PRESBYOPIA_DISTANCES,
  encodePresbyopiaAnswer,
  type PresbyopiaDistance,
} from '@visus/core';
import { useT, type MessageId } from '@/lib/i18n/i18n';
import { localDioptres } from '@/lib/i18n/numbers';

const MIN = -20;
const MAX = 20;
const STEP = 0.25;

/** The reading distances' words (core's PRESBYOPIA_DISTANCES are the stable English values sent). */
const DISTANCE_IDS: Readonly<Record<PresbyopiaDistance, MessageId>> = {
  'Below 1.6m': 'presbyopia.below',
  'Between 1.6m and 1.9m': 'presbyopia.between',
  'Above 1.9m': 'presbyopia.above',
};

/** A typed prescription, or an error (its message id) when it is not −20 … +20 D in 0.25 D steps. */
function parsePrescription(text: string): { value: number } | { error: MessageId } {
  const normalised = text.trim().replace(/^\+/, '').replace('−', '-').replace(',', '.');
  const value = Number(normalised);
  if (normalised === '' || !Number.isFinite(value)) return { error: 'presbyopia.errorNumber' };
  if (value < MIN || value > MAX) return { error: 'presbyopia.errorRange' };
  if (Math.round(value * 100) % 25 !== 0) return { error: 'presbyopia.errorStep' };
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
  const t = useT();
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
      aria-label={t('phone.presbyopia.form')}
      onSubmit={(event) => {
        event.preventDefault();
        if (error || disabled) return;
        onSubmit(encodePresbyopiaAnswer({ prescription, distance }));
      }}
    >
      <div>
        <p id={sliderLabel} className="vc-label">
          {t('presbyopia.prescription', { value: localDioptres(prescription) })}
        </p>
        <p className="vc-muted vc-small">{t('presbyopia.prescriptionHint')}</p>
        <input
          type="range"
          className="vc-range"
          aria-labelledby={sliderLabel}
          aria-valuetext={localDioptres(prescription)}
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
          <label htmlFor={fieldId}>{t('presbyopia.field')}</label>
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
            {t(error ?? 'presbyopia.fieldHelp')}
          </p>
        </div>
      </div>
      <fieldset className="vc-fieldset" disabled={disabled}>
        <legend>{t('presbyopia.distance')}</legend>
        {PRESBYOPIA_DISTANCES.map((choice) => (
          <label key={choice} className="vc-radio">
            <input
              type="radio"
              name={`${id}-distance`}
              value={choice}
              checked={distance === choice}
              onChange={() => setDistance(choice)}
            />
            {t(DISTANCE_IDS[choice])}
          </label>
        ))}
      </fieldset>
      <button
        type="submit"
        className="vc-button vc-success vc-pad-button"
        disabled={disabled || error !== null}
        style={{ minHeight: 64 }}
      >
        {t('key.submit')}
      </button>
    </form>
  );
}
