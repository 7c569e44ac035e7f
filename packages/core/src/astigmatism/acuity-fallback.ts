/*
 * Default acuity fallbacks (SPEC.md §9: "Default acuity fallback 6/9.5 (axis) and 6/3.8 (power)"): the
 * acuity the astigmatism tests size their stimulus for when none is known for the person yet (no acuity
 * result earlier in the battery, none stored). Values are nominal logMAR on the chart's scale (acuity/scale.ts:
 * logMAR(i) = −0.2 + 0.1 × i), so 6/9.5 is level 4 (0.2) and 6/3.8 is level 0 (−0.2).
 *
 * How they map to today's procedures:
 *  - Astigmatism Power runs the Bayesian acuity procedure on gratings (grating-procedure.ts), whose first
 *    trial is the fixed level 0 (SPEC.md §4 "Trials 1 to 4 use fixed levels 0, 4, 6 and 10") — exactly
 *    6/3.8, logMAR −0.2 (clamped to the finest grating the screen can draw). The procedure itself is not
 *    changed: the fallback names the acuity it starts at.
 *  - Astigmatism Axis: today's image pair (axis-pair.ts) is a fixed 5° grating that does not depend on
 *    acuity; a letter display for the axis (SPEC.md §2's rotating letter, issue 23 item 2) sizes its letter
 *    from this: the known acuity, else 6/9.5 (logMAR 0.2), four levels above the finest.
 */

/** SPEC.md §9: the acuity assumed for Astigmatism Axis when none is known: 6/9.5, logMAR 0.2 (level 4). */
export const AXIS_FALLBACK_ACUITY = { label: '6/9.5', logMAR: 0.2 } as const;
/** SPEC.md §9: the acuity assumed for Astigmatism Power when none is known: 6/3.8, logMAR −0.2 (level 0). */
export const POWER_FALLBACK_ACUITY = { label: '6/3.8', logMAR: -0.2 } as const;

/**
 * The acuity (logMAR) an astigmatism test sizes its stimulus for: the person's known acuity when there is
 * one (e.g. the Sloan result of this battery, or their last stored result), else the SPEC.md §9 fallback.
 * A known value that is null, undefined or not finite counts as unknown.
 */
export function astigmatismStartLogMar(test: 'astigAxis' | 'astigPower', known?: number | null): number {
  if (typeof known === 'number' && Number.isFinite(known)) return known;
  return test === 'astigAxis' ? AXIS_FALLBACK_ACUITY.logMAR : POWER_FALLBACK_ACUITY.logMAR;
}
