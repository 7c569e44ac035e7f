import { describe, expect, it } from 'vitest';
import { migrateOpticalHistory } from './optical-history';
import { HISTORY_KEYS, HISTORY_QUESTIONS, emptyOpticalHistory, urgentSymptoms } from './questionnaire';

describe('the optical-history questionnaire (SPEC.md §3)', () => {
  it('asks q1 to q10 in order, q1 and q6–q10 as checklists, q2–q5b as text', () => {
    expect(HISTORY_QUESTIONS.map((q) => q.key)).toEqual([...HISTORY_KEYS]);
    const kinds = Object.fromEntries(HISTORY_QUESTIONS.map((q) => [q.key, q.kind]));
    for (const k of ['q1', 'q6', 'q7', 'q8', 'q9', 'q10']) expect(kinds[k]).toBe('choice');
    for (const k of ['q2', 'q3a', 'q3b', 'q4', 'q5a', 'q5b']) expect(kinds[k]).toBe('text');
  });
  it('has unique option ids within each checklist', () => {
    for (const q of HISTORY_QUESTIONS) {
      if (q.kind !== 'choice') continue;
      const ids = q.options.map((o) => o.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const u of q.urgent ?? []) expect(ids).toContain(u);
    }
  });
  it('an empty questionnaire is already in the current shape', () => {
    expect(migrateOpticalHistory(emptyOpticalHistory())).toEqual(emptyOpticalHistory());
  });
  it('flags flashes and a curtain as urgent but not halos', () => {
    const h = emptyOpticalHistory();
    h.q8 = { selected: ['flashes', 'halos', 'curtain'], details: '' };
    expect(urgentSymptoms(h)).toEqual(['flashes', 'curtain']);
  });
});
