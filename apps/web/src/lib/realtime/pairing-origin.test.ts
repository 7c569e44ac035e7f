import { describe, expect, it } from 'vitest';
import { choosePairingOrigin, isLocalOrigin } from './pairing-origin';

describe('isLocalOrigin', () => {
  it('knows the addresses only this computer can reach', () => {
    expect(isLocalOrigin('http://localhost:5000')).toBe(true);
    expect(isLocalOrigin('http://127.0.0.1:4173')).toBe(true);
    expect(isLocalOrigin('http://[::1]:5000')).toBe(true);
    expect(isLocalOrigin('http://app.localhost')).toBe(true);
    expect(isLocalOrigin('http://192.168.1.20:5000')).toBe(false);
    expect(isLocalOrigin('https://visus.example.org')).toBe(false);
    expect(isLocalOrigin('not a url')).toBe(false);
  });
});

describe('choosePairingOrigin', () => {
  it("uses the page's origin when a phone can reach it", () => {
    expect(choosePairingOrigin('http://192.168.1.20:5000', 'http://localhost:5000')).toEqual({
      origin: 'http://192.168.1.20:5000',
      local: false,
    });
  });

  it("uses the server's public address when the page is open at localhost", () => {
    expect(choosePairingOrigin('http://localhost:5000', 'http://192.168.1.20:5000/')).toEqual({
      origin: 'http://192.168.1.20:5000',
      local: false,
    });
  });

  it('says so when neither can be reached from a phone', () => {
    expect(choosePairingOrigin('http://localhost:5000', 'http://localhost:5000')).toEqual({
      origin: 'http://localhost:5000',
      local: true,
    });
    expect(choosePairingOrigin('http://127.0.0.1:5000', undefined)).toEqual({
      origin: 'http://127.0.0.1:5000',
      local: true,
    });
  });
});
