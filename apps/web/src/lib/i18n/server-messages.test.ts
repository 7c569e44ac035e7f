import { afterEach, describe, expect, it } from 'vitest';
import {
  INVITE_INVALID,
  REGISTRATION_BY_INVITE_ONLY,
  USER_EXISTS_FOR_INVITE,
  loginBodySchema,
  registerBodySchema,
  resetTokenParamsSchema,
} from '@visus/contracts';
import { INVALID_DATE_OF_BIRTH } from '@visus/core';
import { PASSWORDS_DO_NOT_MATCH } from '@/features/auth/register-form.schema';
import { FORM_CHECKS_UNAVAILABLE } from '@/lib/forms';
import { setLanguage } from './i18n';
import { knownServerMessages, translateServerMessage } from './server-messages';
import './signup-messages';

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

/** The table's texts are written out (no zod on the guest screens): they must stay the schemas' own. */
describe('the server and form texts the client translates', () => {
  it("are still the contracts' and the forms' texts", () => {
    const texts = [
      ...messagesOf(loginBodySchema.safeParse({ email: 'not an email', password: '' })),
      ...messagesOf(
        registerBodySchema.safeParse({ name: ' ', email: 'a@b.org', dob: '1990-01-01', password: 'short' }),
      ),
      ...messagesOf(resetTokenParamsSchema.safeParse({ token: 'x' })),
      INVITE_INVALID,
      REGISTRATION_BY_INVITE_ONLY,
      USER_EXISTS_FOR_INVITE,
      INVALID_DATE_OF_BIRTH,
      PASSWORDS_DO_NOT_MATCH,
      FORM_CHECKS_UNAVAILABLE,
    ];
    expect(texts).toContain('Please include a valid email');
    expect(texts).toContain('Password is required');
    expect(texts).toContain('Password must be at least 8 characters');
    expect(texts).toContain('Name is required');
    for (const text of texts) expect(knownServerMessages(), text).toContain(text);
  });
});

/*
 * The server's texts with figures, written out as the server builds them: apps/server
 * plugins/app/database-gate.ts (databaseBusyMessage), plugins/app/auth/password.ts
 * (passwordWorkBusyMessage), and app.ts's 429 with @lukeed/ms's long format ("1 minute", "2 hours").
 */
const databaseBusy = (seconds: number) =>
  `The server is busy. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
const passwordsBusy = (seconds: number) =>
  `The server is busy checking other passwords. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
const tooManyRequests = (after: number, unit: string) =>
  `Too many requests, please try again in ${after} ${unit}${after === 1 ? '' : 's'}`;

describe('the server texts with figures in them (issue 20)', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('read as the server wrote them in English', () => {
    for (const seconds of [1, 2, 5, 30, 1000]) {
      expect(translateServerMessage(databaseBusy(seconds))).toBe(databaseBusy(seconds));
      expect(translateServerMessage(passwordsBusy(seconds))).toBe(passwordsBusy(seconds));
    }
    for (const unit of ['second', 'minute', 'hour', 'day']) {
      for (const after of [1, 2, 59]) {
        expect(translateServerMessage(tooManyRequests(after, unit))).toBe(tooManyRequests(after, unit));
      }
    }
  });

  it('keep the figures in the other languages, counted in the language', async () => {
    await setLanguage('es', { areas: ['shell'] });
    expect(translateServerMessage(databaseBusy(1))).toBe(
      'El servidor está ocupado. Vuelva a intentarlo dentro de 1 segundo.',
    );
    expect(translateServerMessage(databaseBusy(1000))).toBe(
      'El servidor está ocupado. Vuelva a intentarlo dentro de 1000 segundos.',
    );
    await setLanguage('de', { areas: ['shell'] });
    expect(translateServerMessage(passwordsBusy(3))).toBe(
      'Der Server ist mit der Prüfung anderer Passwörter ausgelastet. Bitte versuchen Sie es in 3 Sekunden erneut.',
    );
    expect(translateServerMessage(tooManyRequests(1, 'minute'))).toBe(
      'Zu viele Anfragen, bitte versuchen Sie es in 1 Minute erneut',
    );
    await setLanguage('fr', { areas: ['shell'] });
    expect(translateServerMessage(tooManyRequests(2, 'hour'))).toBe(
      'Trop de requêtes, veuillez réessayer dans 2 heures',
    );
  });

  it('leave a text that only looks like one as the server wrote it', async () => {
    await setLanguage('fr', { areas: ['shell'] });
    for (const text of [
      // The count and its ending disagree: not a text the server makes.
      'The server is busy. Please try again in 1 seconds.',
      'The server is busy. Please try again in 2 second.',
      'The server is busy. Please try again in a second.',
      // Under a second @lukeed/ms writes "500 ms"; a year is not a unit the words have.
      'Too many requests, please try again in 500 ms',
      'Too many requests, please try again in 2 years',
      'Too many requests, please try again in 2 fortnights',
    ]) {
      expect(translateServerMessage(text)).toBe(text);
    }
  });
});
