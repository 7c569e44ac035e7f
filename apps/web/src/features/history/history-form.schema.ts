import { z } from 'zod';
import {
  emptyOpticalHistory,
  HISTORY_QUESTIONS,
  HISTORY_TEXT_MAX,
  type ChoiceQuestion,
  type OpticalHistory,
} from '@visus/core';
import type { OpticalHistoryData } from '@visus/contracts';
import { t } from '@/lib/i18n/i18n';

const text = z.string().max(HISTORY_TEXT_MAX, {
  error: (issue) =>
    t('history.tooLong', {
      max: String(HISTORY_TEXT_MAX),
      length: String((issue.input as string).length),
    }),
});
const choice = z.object({ selected: z.array(z.string()), details: text });

/** The questionnaire form: the server's rules, with messages that say what to fix (in the language shown). */
export const historyFormSchema = z.object({
  q1: choice,
  q2: text,
  q3a: text,
  q3b: text,
  q4: text,
  q5a: text,
  q5b: text,
  q6: choice,
  q7: choice,
  q8: choice,
  q9: choice,
  q10: choice,
});

const choiceQuestions = HISTORY_QUESTIONS.filter((q): q is ChoiceQuestion => q.kind === 'choice');

/**
 * Form values from a stored history: options that today's checklists no longer offer (an upgraded older
 * record) are dropped so that saving sends only what the person can see.
 */
export function historyFormValues(stored: OpticalHistoryData | null): OpticalHistory {
  if (!stored) return emptyOpticalHistory();
  const values: OpticalHistory = structuredClone(stored);
  for (const q of choiceQuestions) {
    const ids = q.options.map((o) => o.id);
    values[q.key] = { ...values[q.key], selected: values[q.key].selected.filter((id) => ids.includes(id)) };
  }
  return values;
}

/** How many of the questions have an answer (a ticked option, details or text). */
export function answeredCount(values: OpticalHistory): number {
  return HISTORY_QUESTIONS.filter((q) => {
    const answer = values[q.key];
    return typeof answer === 'string'
      ? answer.trim() !== ''
      : answer.selected.length > 0 || answer.details.trim() !== '';
  }).length;
}
