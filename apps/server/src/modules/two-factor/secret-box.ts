import crypto from 'node:crypto';

/** What the sealed text starts with: the scheme's version, so that a later scheme can read old rows. */
const VERSION = 'v1';

/**
 * Seals TOTP secrets for the database (docs/adr/0023-two-step-sign-in.md): AES-256-GCM under a key derived
 * with HKDF-SHA256 from the server's secret (JWT_SECRET, or the generated `<DATA_DIR>/jwt-secret`), which
 * is never in the database. A dump of the database alone therefore does not give away anyone's secret;
 * GCM's tag refuses a sealed value that was altered, and the account id is bound in as associated data so
 * that a sealed secret copied onto another account does not open.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = Buffer.from(
      crypto.hkdfSync('sha256', Buffer.from(serverSecret, 'utf8'), 'visus', 'two-factor secret v1', 32),
    );
  }

  /** `v1.<iv>.<ciphertext>.<tag>`, each base64url; a fresh 96-bit IV every time. */
  seal(plain: string, accountId: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(accountId, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, body, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The plain secret, or null when it was sealed under another key or for another account, or altered. */
  open(sealed: string, accountId: string): string | null {
    const [version, iv, body, tag] = sealed.split('.');
    if (version !== VERSION || !iv || !body || !tag) return null;
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(accountId, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return null;
    }
  }
}
