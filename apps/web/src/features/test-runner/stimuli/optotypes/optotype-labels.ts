/*
 * The accessible names of the acuity charts' optotypes (issue 20): neutral, so that a screen reader never
 * reads the answer out ("Letter S", the Landolt C's gap direction). The same name for every letter and
 * every turn; what the optotype is lives only in its drawn shape.
 */

/** A Sloan letter's name, whichever letter it is. */
export const TEST_LETTER_LABEL = 'Test letter';
/** A Landolt C's or Tumbling E's name, whichever way it points. */
export const TEST_SYMBOL_LABEL = 'Test symbol';
