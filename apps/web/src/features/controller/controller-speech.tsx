import { useT } from '@/lib/i18n/i18n';

/**
 * The phone's voice switch (issue 20 item 2): whether the test screen speaks its instructions. It shows
 * the display's own state (display-speech) and asks for the other one (controller-speech); hidden until
 * the display has said its state.
 */
export function SpeechSwitch({
  speaking,
  disabled,
  onChange,
}: {
  speaking: boolean;
  disabled: boolean;
  onChange: (speak: boolean) => void;
}) {
  const t = useT();
  return (
    <button
      type="button"
      className="vc-button vc-outlined"
      aria-pressed={speaking}
      data-testid="controller-speech"
      disabled={disabled}
      onClick={() => onChange(!speaking)}
    >
      {speaking ? t('speech.on') : t('speech.off')}
    </button>
  );
}
