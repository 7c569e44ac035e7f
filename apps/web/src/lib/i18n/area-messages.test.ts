import { afterEach, describe, expect, it } from 'vitest';
import {
  LAST_ADMIN_ERROR,
  RESET_OWN_TWO_FACTOR_ERROR,
  TWO_FACTOR_NOT_ON_FOR_ACCOUNT,
  USER_EXISTS_FOR_INVITE,
  PATIENT_NOT_FOUND,
  RESULT_NOT_FOUND,
  updateDetailsBodySchema,
  updatePasswordBodySchema,
} from '@visus/contracts';
import { TWO_FACTOR_CODE_WRONG } from '@visus/contracts/constants';
import { setLanguage } from './i18n';
import { knownServerMessages, translateServerMessage } from './server-messages';
import './account-messages';
import './admin-messages';
import './clinic-messages';

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

afterEach(async () => {
  await setLanguage('en');
});

/** The account, admin and clinic screens' server texts (issue 20): written out, so checked here. */
describe('the server texts of the signed-in screens', () => {
  it("are still the contracts' texts", () => {
    const long = 'x'.repeat(300);
    const texts = [
      ...messagesOf(updatePasswordBodySchema.safeParse({ currentPassword: '', newPassword: long })),
      ...messagesOf(
        updateDetailsBodySchema.safeParse({ name: `${long}\u0007`, email: `${long}@example.org` }),
      ),
      ...messagesOf(updateDetailsBodySchema.safeParse({ name: 'Ada\u0007' })),
      TWO_FACTOR_CODE_WRONG,
      LAST_ADMIN_ERROR,
      RESET_OWN_TWO_FACTOR_ERROR,
      TWO_FACTOR_NOT_ON_FOR_ACCOUNT,
      USER_EXISTS_FOR_INVITE,
      PATIENT_NOT_FOUND,
      RESULT_NOT_FOUND,
    ];
    expect(texts).toContain('Current password is required');
    expect(texts).toContain('Password must be at most 256 characters');
    expect(texts).toContain('Name must be at most 100 characters');
    expect(texts).toContain('Name contains invalid characters');
    expect(texts).toContain('Email must be at most 254 characters');
    for (const text of texts) expect(knownServerMessages(), text).toContain(text);
  });

  it('read the same in English and are translated in the other languages', async () => {
    const english = knownServerMessages().map((text) => translateServerMessage(text));
    expect(english).toEqual(knownServerMessages());
    await setLanguage('fr', { areas: ['shell', 'signup', 'account', 'admin', 'clinic'] });
    expect(translateServerMessage(LAST_ADMIN_ERROR)).toBe(
      'Visus a besoin d’au moins un admin : nommez d’abord quelqu’un d’autre admin',
    );
    expect(translateServerMessage('This invite is expired, not pending: it cannot be revoked')).toBe(
      'Cette invitation a expiré et n’est plus en attente : elle ne peut pas être révoquée',
    );
    expect(translateServerMessage('Name must be at most 100 characters')).toBe(
      'Le nom doit comporter au plus 100 caractères',
    );
  });
});

/** The server's text (apps/server modules/admin/admin.service.ts), written out. */
const pastTheEnd = (page: number, last: number) => `Page ${page} is past the end: the last page is ${last}`;

describe('the server texts with figures in them (issue 20)', () => {
  it('read as the server wrote them in English', () => {
    for (const [page, last] of [
      [2, 1],
      [999, 12],
      [10000, 9999],
    ] as const) {
      expect(translateServerMessage(pastTheEnd(page, last))).toBe(pastTheEnd(page, last));
    }
  });

  it('keep the figures in the other languages', async () => {
    await setLanguage('de', { areas: ['shell', 'admin'] });
    expect(translateServerMessage(pastTheEnd(999, 12))).toBe(
      'Seite 999 liegt hinter dem Ende: Die letzte Seite ist 12',
    );
    await setLanguage('es', { areas: ['shell', 'admin'] });
    expect(translateServerMessage(pastTheEnd(10000, 3))).toBe(
      'La página 10000 está más allá del final: la última página es la 3',
    );
  });

  it('leave a text that only looks like one as the server wrote it', async () => {
    await setLanguage('fr', { areas: ['shell', 'admin'] });
    for (const text of [
      'Page two is past the end: the last page is 1',
      'Page 2 is past the end: the last page is 1.',
      'Page -2 is past the end: the last page is 1',
      'Page 2 is past the end',
    ]) {
      expect(translateServerMessage(text)).toBe(text);
    }
  });
});
