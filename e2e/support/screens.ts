import type { Page, TestInfo } from '@playwright/test';

/** Saves a full-page screenshot as a test artefact (test-results/…/NN-name.png) and attaches it. */
export function screenshotter(page: Page, testInfo: TestInfo) {
  let n = 0;
  return async (name: string) => {
    n += 1;
    const file = testInfo.outputPath(`${String(n).padStart(2, '0')}-${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(name, { path: file, contentType: 'image/png' });
  };
}
