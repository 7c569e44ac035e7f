import { createRoot } from 'react-dom/client';
import { loadStoredSession } from '@/lib/auth/current-user';
import { App } from '@/app/app';
import { makeStore } from '@/app/store';
import { detectLanguage, setLanguage } from '@/lib/i18n/i18n';
import { warmUpIntlWhenIdle } from '@/lib/i18n/intl-warm-up';
import { loadWebVitalsWhenIdle } from '@/lib/vitals/load-web-vitals';

const store = makeStore();
// SPEC.md §4: on startup the stored token is read and the current user loaded for it.
store.dispatch(loadStoredSession());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// Issue 20: the first screen shows in the person's language, so its words (a small file) come first.
void setLanguage(detectLanguage(), { areas: ['shell'] }).finally(() => {
  createRoot(container).render(<App store={store} />);
  // The locale data every screen's dates and numbers need, loaded while the screen's code downloads.
  warmUpIntlWhenIdle();
});
// SPEC.md §7: the Web Vitals reporter (and web-vitals itself) downloads lazily, once the browser is idle.
loadWebVitalsWhenIdle();
