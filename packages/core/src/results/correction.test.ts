import { describe, expect, it } from 'vitest';
import { recordedCorrection } from './correction';

describe('recordedCorrection', () => {
  it('reads the three answers the phone sends, ignoring case and spaces', () => {
    expect(recordedCorrection('None')).toEqual({ choice: 'none', note: null });
    expect(recordedCorrection('Glasses')).toEqual({ choice: 'glasses', note: null });
    expect(recordedCorrection('Contact lenses')).toEqual({ choice: 'contact-lenses', note: null });
    expect(recordedCorrection('  contact LENSES ')).toEqual({ choice: 'contact-lenses', note: null });
  });

  it('never guesses from other text: it is not recorded, and the text is kept as a note', () => {
    for (const text of ['No glasses', 'Without glasses', 'no', 'glasses?', 'Varifocals', 'Glasses + lenses'])
      expect(recordedCorrection(text)).toEqual({ choice: 'not-recorded', note: text });
  });

  it('treats an empty or missing correction as not recorded, without a note', () => {
    expect(recordedCorrection('')).toEqual({ choice: 'not-recorded', note: null });
    expect(recordedCorrection('   ')).toEqual({ choice: 'not-recorded', note: null });
    expect(recordedCorrection(undefined)).toEqual({ choice: 'not-recorded', note: null });
  });
});
