import { describe, expect, it } from 'vitest';
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
import { knownServerMessages } from './server-messages';
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
