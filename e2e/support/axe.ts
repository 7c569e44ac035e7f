import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** One element axe found, as @axe-core/playwright reports it. */
type NodeResult = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]['nodes'][number];

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: what the app promises (issue 9, issue 25). */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/**
 * Rules run beside the tags. `label-content-name-mismatch` (2.5.3) and `td-has-header` (1.3.1) are
 * "experimental" in axe 4.x, so no tag selects them; the issue-25 audit found both defects. Text
 * contrast (1.4.3) is named too, so that a change of axe's tags never drops it.
 */
export const EXTRA_RULES = ['label-content-name-mismatch', 'td-has-header', 'color-contrast'] as const;

/**
 * axe-core's serious and critical findings on the page as it is now, one line each (`where` says which
 * screen or state), with the first nodes and, for contrast, the ratio found.
 */
export async function axeFindings(page: Page, where: string): Promise<string[]> {
  // A screen that moves on by itself (the battery's "Finished" screen leaves for the results) can change
  // between axe's reading and the forced-colours check of its contrast findings: such a reading is taken
  // again, on the page as it is then, so that no finding is judged against an element no longer there.
  for (let attempt = 1; ; attempt += 1) {
    const reading = await readAxe(page, where);
    if (!reading.stale || attempt === 3) return reading.findings;
  }
}

async function readAxe(page: Page, where: string): Promise<{ findings: string[]; stale: boolean }> {
  // A fade under way is not a state of the screen: finite animations and transitions (the full-screen
  // hint's 4-second fade, SPEC.md §2, measured 2.66:1 half-way) are taken to their end first.
  await page
    .evaluate(() => {
      for (const animation of document.getAnimations()) {
        if (Number.isFinite(animation.effect?.getComputedTiming().endTime)) animation.finish();
      }
    })
    .catch(() => undefined);
  const result = await new AxeBuilder({ page })
    .options({
      runOnly: { type: 'tag', values: [...WCAG_AA_TAGS] },
      rules: Object.fromEntries(EXTRA_RULES.map((rule) => [rule, { enabled: true }])),
    })
    .analyze();
  const findings: string[] = [];
  let stale = false;
  for (const violation of result.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    let nodes = violation.nodes;
    if (violation.id === 'color-contrast') {
      const judged = await ownColours(page, violation.nodes);
      stale ||= judged.gone;
      nodes = judged.kept;
    }
    const text = nodes
      .slice(0, 4)
      .map((node) => {
        const contrast = node.any.find((check) => check.id === 'color-contrast')?.data as
          { contrastRatio?: number; fgColor?: string; bgColor?: string } | undefined;
        const ratio = contrast?.contrastRatio
          ? ` ${contrast.contrastRatio}:1 (${contrast.fgColor} on ${contrast.bgColor})`
          : '';
        return `${node.target.join(' ')}${ratio}`;
      })
      .join(' | ');
    if (!text) continue;
    findings.push(`${where}: ${violation.id} (${violation.impact}) ${violation.help} — ${text}`);
  }
  return { findings, stale };
}

/**
 * The contrast findings that stand under forced colours. There the system paints text in its own colours
 * (on a backplate), but Chromium's computed `-webkit-text-fill-color`, which axe reads as the text's
 * colour, stays the page's own: axe would weigh the page's text colour against the system's background
 * (e.g. a dark heading "1.35:1 on black" that shows white on black). So under forced colours only text
 * that keeps its own colours (`forced-color-adjust: none`, the test's frame) is judged; everything else
 * is the system's. Without forced colours every finding stands. Under forced colours, a node no longer on
 * the page (`gone`) cannot be judged: it is kept, and the caller reads the page again.
 */
async function ownColours(page: Page, nodes: NodeResult[]): Promise<{ kept: NodeResult[]; gone: boolean }> {
  const targets = nodes.map((node) => (node.target.length === 1 ? String(node.target[0]) : null));
  const verdicts = await page.evaluate((selectors) => {
    if (!matchMedia('(forced-colors: active)').matches) return selectors.map(() => 'kept' as const);
    return selectors.map((selector) => {
      if (!selector) return 'kept' as const;
      const element = document.querySelector(selector);
      if (!element) return 'gone' as const;
      return getComputedStyle(element).forcedColorAdjust === 'none' ? ('kept' as const) : ('system' as const);
    });
  }, targets);
  return {
    kept: nodes.filter((_, i) => verdicts[i] !== 'system'),
    gone: verdicts.includes('gone'),
  };
}
