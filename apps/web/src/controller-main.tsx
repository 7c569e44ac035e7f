import { createRoot } from 'react-dom/client';
import { ControllerApp } from '@/app/controller-app';
import { detectLanguage, setLanguage } from '@/lib/i18n/i18n';
import { loadWebVitalsWhenIdle } from '@/lib/vitals/load-web-vitals';

/*
 * The phone controller's own entry (controller.html; the server and the dev server answer
 * /controller/:token with it): the controller page alone, without the main app's router, store, zod
 * or screens, so that a phone on a mobile network gets its remote quickly (issue 9: ≤ 120 KB of JS,
 * docs/adr/0005).
 */
const container = document.getElementById('root');
if (!container) throw new Error('controller.html has no #root element');
// Issue 20: the phone's words in the language this phone chose, else its browser's, else English.
void setLanguage(detectLanguage(), { areas: ['controller'] }).finally(() => {
  createRoot(container).render(<ControllerApp path={window.location.pathname} />);
});
// SPEC.md §7: the Web Vitals reporter downloads lazily, once the browser is idle.
loadWebVitalsWhenIdle();
