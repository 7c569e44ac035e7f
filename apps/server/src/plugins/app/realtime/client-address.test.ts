import { describe, expect, it } from 'vitest';
import { clientAddress } from './tests-namespace';

describe('the address a socket handshake is counted against', () => {
  const handshake = (xff?: string | string[]) => ({
    address: '10.0.0.5',
    headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
  });

  it('is the TCP peer without a trusted proxy, whatever X-Forwarded-For claims', () => {
    expect(clientAddress(handshake('203.0.113.9'), false)).toBe('10.0.0.5');
  });

  it('is the client nginx saw behind a trusted proxy', () => {
    expect(clientAddress(handshake('203.0.113.9'), true)).toBe('203.0.113.9');
    expect(clientAddress(handshake('203.0.113.9, 10.0.0.2'), true)).toBe('203.0.113.9');
    expect(clientAddress(handshake(['198.51.100.1']), true)).toBe('198.51.100.1');
    expect(clientAddress(handshake(), true)).toBe('10.0.0.5');
  });
});
