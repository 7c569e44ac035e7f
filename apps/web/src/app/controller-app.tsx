import { StrictMode } from 'react';
import { controllerRouteToken } from '@visus/contracts/constants';
import { LogoMark } from '@/components/logo';
import { LargeModeContext, useLargeModeSetting } from '@/features/controller/controller-large-mode';
import { ControllerPage } from '@/features/controller/controller-page';
import { useT } from '@/lib/i18n/i18n';
import { LanguagePicker } from '@/lib/i18n/language-picker';
import '@/features/controller/controller.css';

/** The `:token` of `/controller/:token` in `path`, unescaped ('' when there is none). */
export function controllerToken(path: string): string {
  const token = controllerRouteToken(path) ?? '';
  try {
    return decodeURIComponent(token);
  } catch {
    return token; // a malformed escape is simply not a pin: the page says so
  }
}

/**
 * The phone controller as a page of its own (controller.html → controller-main.tsx, docs/adr/0005):
 * the frame of the main app's screens (skip link, top bar whose brand leads to the main app, footer)
 * and the controller for the pin in `path`. No router, no store and no MUI, so that the page stays
 * within its JS budget; controller.css draws it in the theme's colours. Its title is in controller.html.
 */
export function ControllerApp({ path }: { path: string }) {
  return (
    <StrictMode>
      <ControllerFrame path={path} />
    </StrictMode>
  );
}

/**
 * The frame in normal or large mode (issue 20, docs/adr/0024): the top bar's toggle switches this
 * device between the two, and remembers the choice (controller-large-mode.ts).
 */
function ControllerFrame({ path }: { path: string }) {
  const [large, toggleLarge] = useLargeModeSetting();
  const t = useT();
  return (
    <LargeModeContext value={large}>
      <div className={large ? 'vc-frame vc-large' : 'vc-frame'} data-large={String(large)}>
        <a className="vc-skip" href="#main">
          {t('frame.skipToContent')}
        </a>
        <header className="vc-bar">
          <a className="vc-brand" href="/" aria-label={t('frame.home')}>
            <LogoMark />
            <span>Visus</span>
          </a>
          <button
            type="button"
            className="vc-large-toggle"
            aria-pressed={large}
            onClick={toggleLarge}
            data-testid="large-mode-toggle"
          >
            <span aria-hidden="true" className="vc-large-toggle-mark">
              A<span>A</span>
            </span>
            {t('frame.largeText')}
          </button>
          <LanguagePicker className="vc-language" />
        </header>
        <main id="main" tabIndex={-1} className="vc-main">
          <ControllerPage token={controllerToken(path)} />
        </main>
        <footer className="vc-footer">{t('frame.footer')}</footer>
      </div>
    </LargeModeContext>
  );
}
