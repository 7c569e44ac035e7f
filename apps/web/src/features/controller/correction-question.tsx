import { CORRECTIONS, type Correction } from '@visus/core';
import { Notice } from './notice';

const DESCRIPTIONS: Readonly<Record<Correction, string>> = {
  None: 'No glasses or contact lenses',
  Glasses: 'I am wearing my glasses',
  'Contact lenses': 'I am wearing contact lenses',
};

interface CorrectionQuestionProps {
  /** The answer given before (preselected look), if any. */
  previous: Correction | null;
  sending: boolean;
  error: string | null;
  onAnswer: (correction: Correction) => void;
}

/**
 * Handshake step 1 on the phone: what the person wears for the test (core CORRECTIONS). Each button is
 * named by the words it shows, title then description (WCAG 2.5.3; the description's own line).
 */
export function CorrectionQuestion({ previous, sending, error, onAnswer }: CorrectionQuestionProps) {
  return (
    <section className="vc-stack" aria-labelledby="correction-title">
      <div>
        <h2 id="correction-title" className="vc-h2">
          What are you wearing for this test?
        </h2>
        <p className="vc-muted">
          Wear what you normally use to see at a distance. Your screen starts once you answer.
        </p>
      </div>
      {error && <Notice severity="error">{error}</Notice>}
      {CORRECTIONS.map((correction) => (
        <button
          key={correction}
          type="button"
          className={`vc-button vc-choice${previous === correction ? '' : ' vc-outlined'}`}
          disabled={sending}
          onClick={() => onAnswer(correction)}
        >
          <span className="vc-choice-title">{correction}</span>
          <span className="vc-choice-text">{DESCRIPTIONS[correction]}</span>
        </button>
      ))}
    </section>
  );
}
