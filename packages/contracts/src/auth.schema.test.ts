import { describe, expect, it } from 'vitest';
import { registerBodySchema, updateDetailsBodySchema } from './auth.schema';

const valid = { name: ' Ada ', email: ' Ada@Example.ORG ', password: 'long enough', dob: '10/12/85' };

describe('registerBodySchema', () => {
  it('normalises name, email and date of birth', () => {
    expect(registerBodySchema.parse(valid)).toEqual({
      name: 'Ada',
      email: 'ada@example.org',
      password: 'long enough',
      dob: '1985-12-10',
    });
  });

  it('keeps the password exactly as typed', () => {
    expect(registerBodySchema.parse({ ...valid, password: '  spaced  ' }).password).toBe('  spaced  ');
  });

  it.each([
    [{ dob: '2999-01-01' }, 'Invalid date of birth'],
    [{ password: '1234567' }, 'Password must be at least 8 characters'],
    [{ email: 'a@b' }, 'Please include a valid email'],
    [{ extra: 1 }, 'Unrecognized key: "extra"'],
  ])('refuses %j', (change, message) => {
    const result = registerBodySchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('updateDetailsBodySchema', () => {
  it('needs at least one field', () => {
    expect(updateDetailsBodySchema.safeParse({}).success).toBe(false);
    expect(updateDetailsBodySchema.safeParse({ name: 'Ada' }).success).toBe(true);
  });
});
