import type { ChoiceQuestion, HistoryQuestion } from '@visus/core';
import { t, type MessageId } from '@/lib/i18n/i18n';

/*
 * The questionnaire's words in the language shown (issue 20). Core's HISTORY_QUESTIONS keeps its English
 * (results, the clinic's view and the server use it); the screen takes only its facts (the question keys
 * and option ids) and finds their words under `history.<key>.…` in the `setup` catalog area.
 * history-words.test checks that the English catalog says exactly what core says.
 */

const id = (text: string) => text as MessageId;

/** A question's title. */
export const questionTitle = (question: HistoryQuestion): string => t(id(`history.${question.key}.title`));

/** A question's help line. */
export const questionHelp = (question: HistoryQuestion): string => t(id(`history.${question.key}.help`));

/** A checklist option's label. */
export const optionLabel = (question: ChoiceQuestion, optionId: string): string =>
  t(id(`history.${question.key}.option.${optionId}`));

/** The label of a checklist's details field. */
export const detailsLabel = (question: ChoiceQuestion): string => t(id(`history.${question.key}.details`));
