import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait up to 5 s, not Testing Library's 1 s: a screen's first render pulls in its lazy
// chunks, which on a busy 2-core machine (the whole suite runs in parallel workers) takes longer than a
// second. Only how long a passing test may wait changes; what each test asserts does not.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
