import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { setLanguage } from '@/lib/i18n/i18n';

// findBy*/waitFor wait up to 5 s, not Testing Library's 1 s: a screen's first render pulls in its lazy
// chunks, which on a busy 2-core machine (the whole suite runs in parallel workers) takes longer than a
// second. Only how long a passing test may wait changes; what each test asserts does not.
configure({ asyncUtilTimeout: 5_000 });

// Screens show their words from the catalogs (issue 20): English, as a browser without a choice gets.
beforeAll(async () => {
  await setLanguage('en', {
    areas: [
      'shell',
      'signup',
      'landing',
      'controller',
      'test-run',
      'setup',
      'range',
      'account',
      'admin',
      'clinic',
      'tests',
      'results',
      'preview',
    ],
  });
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
