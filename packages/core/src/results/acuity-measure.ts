import type { AcuityTestId } from './summary';

/*
 * What an acuity-style result measures (issue 17). Sloan, Landolt C and Tumbling E measure visual acuity
 * with optotypes. Astigmatism Power keeps its name (SPEC.md) but measures a grating acuity: the adaptive
 * procedure finds the finest sine grating the person can pick out of three targets, and its logMAR is that
 * of the grating's bar width (half a period; astigmatism/grating-procedure.ts). It is not a power in
 * dioptres, and not a letter acuity: gratings are usually resolved at a finer logMAR than letters by the
 * same eye, so the two are not interchangeable.
 *
 * Its Snellen and decimal figures are kept, because the logMAR scale is the same and clinicians read
 * lines, but always labelled as the grating's equivalent ("6/12 equivalent"), never as a chart line the
 * person read.
 */

/** How an acuity-style test's figures are labelled. */
export interface AcuityMeasure {
  /** The kind of measure: 'visual acuity' (optotypes) or 'grating acuity'. */
  kind: 'visual acuity' | 'grating acuity';
  /** Heading of the logMAR figure, e.g. "Grating acuity (logMAR)". */
  logMarLabel: string;
  /** Whether the Snellen and decimal figures are only equivalents of another measure. */
  equivalent: boolean;
  /** What the measure is, in a sentence, when it is not the usual visual acuity; else null. */
  description: string | null;
}

const VISUAL: AcuityMeasure = {
  kind: 'visual acuity',
  logMarLabel: 'logMAR',
  equivalent: false,
  description: null,
};
const GRATING: AcuityMeasure = {
  kind: 'grating acuity',
  logMarLabel: 'Grating acuity (logMAR)',
  equivalent: true,
  description:
    'The finest grating (lines) told apart from plain targets, as the logMAR of one bar’s width: a grating acuity, not a power in dioptres nor a letter acuity. Snellen and decimal figures are its equivalents.',
};

/** The measure of an acuity-style test (see above). */
export function acuityMeasure(test: AcuityTestId): AcuityMeasure {
  return test === 'astigPower' ? GRATING : VISUAL;
}

/** A Snellen or decimal figure labelled for its measure: "6/12 equivalent" for a grating acuity. */
export function asEquivalent(measure: AcuityMeasure, text: string): string {
  return measure.equivalent ? `${text} equivalent` : text;
}
