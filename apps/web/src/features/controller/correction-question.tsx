import { CORRECTIONS, type Correction } from '@visus/core';
import { useT, type MessageId } from '@/lib/i18n/i18n';
import { Notice } from './notice';

/** Each answer's title and description (core's CORRECTIONS are the stable English values sent). */
const WORDS: Readonly<Record<Correction, readonly [MessageId, MessageId]>> = {
  None: ['correction.none', 'correction.noneText'],
  Glasses: ['correction.glasses', 'correction.glassesText'],
  'Contact lenses': ['correction.contactLenses', 'correction.contactLensesText'],
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
  const t = useT();
  return (
    <section className="vc-stack" aria-labelledby="correction-title">
      <div>
        <h2 id="correction-title" className="vc-h2">
          {t('correction.title')}
        </h2>
        <p className="vc-muted">{t('correction.hint')}</p>
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
          <span className="vc-choice-title">{t(WORDS[correction][0])}</span>
          <span className="vc-choice-text">{t(WORDS[correction][1])}</span>
        </button>
      ))}
    </section>
  );
}
