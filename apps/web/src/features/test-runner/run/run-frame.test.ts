import { describe, expect, it } from 'vitest';
import { CONTROLLER_TAKEOVER_GRACE_MS } from '@visus/contracts/constants';
import { takeoverWaitSeconds } from './run-frame';

describe('takeoverWaitSeconds (the display counts down the server’s grace period)', () => {
  it('counts whole seconds down to 0 from when the phone left', () => {
    expect(takeoverWaitSeconds(1000, 1000)).toBe(CONTROLLER_TAKEOVER_GRACE_MS / 1000);
    expect(takeoverWaitSeconds(1000, 1001)).toBe(CONTROLLER_TAKEOVER_GRACE_MS / 1000);
    expect(takeoverWaitSeconds(1000, 1000 + CONTROLLER_TAKEOVER_GRACE_MS - 1)).toBe(1);
    expect(takeoverWaitSeconds(1000, 1000 + CONTROLLER_TAKEOVER_GRACE_MS)).toBe(0);
    expect(takeoverWaitSeconds(1000, 1000 + 10 * CONTROLLER_TAKEOVER_GRACE_MS)).toBe(0);
  });
});
