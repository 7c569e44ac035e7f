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
  for (const violation of result.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    const nodes = (
      violation.id === 'color-contrast' ? await ownColours(page, violation.nodes) : violation.nodes
    )
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
    if (!nodes) continue;
    findings.push(`${where}: ${violation.id} (${violation.impact}) ${violation.help} — ${nodes}`);
  }
  return findings;
}

/**
 * The contrast findings that stand under forced colours. There the system paints text in its own colours
 * (on a backplate), but Chromium's computed `-webkit-text-fill-color`, which axe reads as the text's
 * colour, stays the page's own: axe would weigh the page's text colour against the system's background
 * (e.g. a dark heading "1.35:1 on black" that shows white on black). So under forced colours only text
 * that keeps its own colours (`forced-color-adjust: none`, the test's frame) is judged; everything else
 * is the system's. Without forced colours every finding stands.
 */
async function ownColours(page: Page, nodes: NodeResult[]): Promise<NodeResult[]> {
  const targets = nodes.map((node) => (node.target.length === 1 ? String(node.target[0]) : null));
  const kept = await page.evaluate((selectors) => {
    if (!matchMedia('(forced-colors: active)').matches) return selectors.map(() => true);
    return selectors.map((selector) => {
      const element = selector ? document.querySelector(selector) : null;
      return element ? getComputedStyle(element).forcedColorAdjust === 'none' : true;
    });
  }, targets);
  return nodes.filter((_, i) => kept[i]);
}
