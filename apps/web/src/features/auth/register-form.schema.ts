import { z } from 'zod';
import { registerBodySchema } from '@visus/contracts';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/**
 * The registration form: the API's body (same rules as the server) plus a confirmation. The match is
 * checked even while other fields are still wrong, so every problem shows at once.
 */
export const registerFormSchema = registerBodySchema
  .omit({ inviteCode: true })
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    error: PASSWORDS_DO_NOT_MATCH,
    when: ({ value }) => {
      const form = value as { password?: unknown; confirmPassword?: unknown };
      return typeof form.password === 'string' && typeof form.confirmPassword === 'string';
    },
  });

export type RegisterFormValues = z.input<typeof registerFormSchema>;
