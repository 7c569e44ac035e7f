import { describe, expect, it } from 'vitest';
import { TEST_STATUSES } from '../flow/transition';
import { controllerLinkStatus, resumedSessionStatus } from './session-status';

describe('session status (SPEC.md §4)', () => {
  it('a resumed session with the sync flag: display Ready, controller Sync', () => {
    expect(resumedSessionStatus(true)).toEqual({ displayStatus: 'Ready', controllerStatus: 'Sync' });
  });

  it('a resumed session without it: both empty', () => {
    expect(resumedSessionStatus(false)).toEqual({ displayStatus: '', controllerStatus: '' });
  });

  it("a phone's status before the check means Sync, any later one Ready", () => {
    const sync = TEST_STATUSES.filter((status) => controllerLinkStatus(status) === 'Sync');
    expect(sync).toEqual(['', 'Idle', 'Syncing', 'Check']);
    expect(controllerLinkStatus('InTest')).toBe('Ready');
    expect(controllerLinkStatus('Checked')).toBe('Ready');
  });
});
