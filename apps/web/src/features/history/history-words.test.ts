import { afterEach, describe, expect, it } from 'vitest';
import { HISTORY_QUESTIONS } from '@visus/core';
import { setLanguage } from '@/lib/i18n/i18n';
import { detailsLabel, optionLabel, questionHelp, questionTitle } from './history-words';

describe('the questionnaire’s words', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('are in English exactly what core’s HISTORY_QUESTIONS says', () => {
    for (const question of HISTORY_QUESTIONS) {
      expect(questionTitle(question)).toBe(question.title);
      expect(questionHelp(question)).toBe(question.help);
      if (question.kind === 'choice') {
        expect(detailsLabel(question)).toBe(question.detailsLabel);
        for (const option of question.options) expect(optionLabel(question, option.id)).toBe(option.label);
      }
    }
  });

  it('have every question and option in Spanish, German and French', async () => {
    for (const language of ['es', 'de', 'fr'] as const) {
      await setLanguage(language, { areas: ['setup'] });
      for (const question of HISTORY_QUESTIONS) {
        const texts = [questionTitle(question), questionHelp(question)];
        if (question.kind === 'choice') {
          texts.push(detailsLabel(question), ...question.options.map((o) => optionLabel(question, o.id)));
        }
        // A missing id would show the id itself.
        for (const text of texts) expect(text, language).not.toMatch(/^history\./);
      }
    }
    await setLanguage('de', { areas: ['setup'] });
    expect(questionTitle(HISTORY_QUESTIONS[0]!)).toBe(
      'Wurde bei Ihnen jemals eine dieser Augenerkrankungen festgestellt?',
    );
  });
});
