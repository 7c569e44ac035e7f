import { useEffect, useId, useRef, useState } from 'react';
import type { ControllerStep, TestId, TestStatus } from '@visus/core';
import { useT } from '@/lib/i18n/i18n';
import { phoneHelp } from './controller-help-texts';

/** The help's parts and their headings (the words: controller-help-texts.ts, the controller catalog). */
const SECTIONS = [
  ['asks', 'phoneHelp.asks'],
  ['answer', 'phoneHelp.answer'],
  ['pause', 'phoneHelp.pause'],
  ['stop', 'phoneHelp.stop'],
] as const;

/**
 * The phone's help button (SPEC.md §2 "A help/info button exists"): a native modal `<dialog>` (no MUI on
 * this page, docs/adr/0005) with the current step's help (core stepHelp's, in the phone's language: phoneHelp), for the phone's buttons. The
 * browser keeps focus in it and closes it with Escape; focus goes back to the button. Opening it sends
 * nothing to the display.
 */
export function ControllerHelp({
  test,
  status,
  step,
}: {
  test: TestId;
  status: TestStatus;
  step: ControllerStep | null;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      // showModal makes the rest of the page inert; a browser without it (or a test DOM) shows it plainly.
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    } else if (!open && element.open) {
      if (typeof element.close === 'function') element.close();
      else element.removeAttribute('open');
    }
  }, [open]);

  const help = phoneHelp(test, status, step);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="vc-help-button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true" className="vc-help-mark">
          ?
        </span>
        {t('phoneHelp.button')}
      </button>
      <dialog
        ref={dialog}
        className="vc-help-dialog"
        aria-labelledby={titleId}
        data-testid="controller-help"
        // Escape (the browser's cancel) and the Close button both end here.
        onClose={() => {
          setOpen(false);
          button.current?.focus();
        }}
      >
        {open && (
          <div className="vc-stack">
            <div>
              <h2 id={titleId} className="vc-h2">
                {help.title}
              </h2>
              {help.place && <p className="vc-place">{help.place}</p>}
            </div>
            {SECTIONS.map(([field, heading]) => (
              <div key={field}>
                <h3 className="vc-help-heading">{t(heading)}</h3>
                <p>{help[field]}</p>
              </div>
            ))}
            <button
              type="button"
              className="vc-button"
              // The first thing focused when it opens, so Enter or a tap closes it at once.
              autoFocus
              onClick={() => setOpen(false)}
            >
              {t('page.close')}
            </button>
          </div>
        )}
      </dialog>
    </>
  );
}
