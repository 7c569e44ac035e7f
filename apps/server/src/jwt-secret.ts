import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

/**
 * The JWT signing key: `JWT_SECRET` when given, otherwise a random key kept in `<dataDir>/jwt-secret`
 * (created once, owner-only), so tokens survive restarts without any setup. Several instances behind
 * a load balancer must share `JWT_SECRET` (docs/deployment.md).
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
