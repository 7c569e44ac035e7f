import { describe, expect, it } from 'vitest';
import { TokenService } from '../../plugins/app/auth/tokens';
import { SecondStepTickets, SECOND_STEP_TTL_S } from './second-step-tickets';
import { SecretBox } from './secret-box';

const SERVER_SECRET = 'a-server-secret-that-is-long-enough-0123456789';

describe('SecretBox', () => {
  const box = new SecretBox(SERVER_SECRET);

  it('opens what it sealed for the same account, and the sealed text does not contain the secret', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'account-1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(box.open(sealed, 'account-1')).toBe('JBSWY3DPEHPK3PXP');
    // A fresh IV each time: the same secret seals differently.
    expect(box.seal('JBSWY3DPEHPK3PXP', 'account-1')).not.toBe(sealed);
  });

  it('refuses another account, another server secret, an altered value and junk', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'account-1');
    expect(box.open(sealed, 'account-2')).toBeNull();
    expect(new SecretBox(`${SERVER_SECRET}-other`).open(sealed, 'account-1')).toBeNull();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[2]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[2] = body.toString('base64url');
    expect(box.open(parts.join('.'), 'account-1')).toBeNull();
    expect(box.open('v2.a.b.c', 'account-1')).toBeNull();
    expect(box.open('nonsense', 'account-1')).toBeNull();
  });
});

describe('SecondStepTickets', () => {
  const tickets = new SecondStepTickets(SERVER_SECRET);
  const now = new Date('2026-11-26T12:00:00Z');

  it('reads its own ticket until it expires', async () => {
    const { ticket, expiresAt } = await tickets.issue({ userId: 'u1', tokenVersion: 3 }, now);
    expect(expiresAt.getTime() - now.getTime()).toBe(SECOND_STEP_TTL_S * 1000);
    expect(await tickets.read(ticket, now)).toEqual({ userId: 'u1', tokenVersion: 3 });
    expect(await tickets.read(ticket, new Date(expiresAt.getTime() + 1000))).toBeNull();
  });

  it('is never a session token, and a session token is never a ticket', async () => {
    const { ticket } = await tickets.issue({ userId: 'u1', tokenVersion: 0 }, new Date());
    const sessions = new TokenService(SERVER_SECRET, '1h');
    expect(await sessions.verify(ticket)).toBeNull();
    const session = await sessions.sign({ userId: 'u1', role: 'admin', tokenVersion: 0 });
    expect(await tickets.read(session, new Date())).toBeNull();
    expect(await new SecondStepTickets(`${SERVER_SECRET}-other`).read(ticket, new Date())).toBeNull();
    expect(await tickets.read('not.a.ticket', new Date())).toBeNull();
  });
});
