import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum profile (m = 19 MiB, t = 2, p = 1). The parameters travel inside the
 * hash string, so raising them later still verifies old hashes.
 */
// 2 = Argon2id (the enum is a const enum, which isolated modules cannot read).
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a malformed hash; never throws for bad input. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification. Used when the email is unknown, so that a wrong
 * email and a wrong password answer alike and in similar time (no account enumeration by timing).
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('visus-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
