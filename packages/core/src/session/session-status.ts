import type { TestStatus } from '../flow/transition';
import { isBeforeCheck } from '../flow/screen-rules';

/*
 * The client-side status of a session on the display (SPEC.md §3 "Session": displayStatus,
 * controllerStatus; §4 "Session displayStatus may be Ready; controllerStatus may be Sync. When a session
 * is resumed, displayStatus is Ready and controllerStatus is Sync if the sync flag is set, otherwise both
 * are empty").
 */

/** The display's own status: 'Ready' once it holds its flow, '' otherwise. */
export type DisplayLinkStatus = '' | 'Ready';
/** The phone as the display sees it: '' (none yet), 'Sync' (waiting for it to sync), 'Ready' (in step). */
export type ControllerLinkStatus = '' | 'Sync' | 'Ready';

/**
 * The statuses a resumed session starts with (SPEC.md §4). `sync` says the run had a checked controller
 * before it was interrupted (the display passes its restored flow's `controllerChecked`): the display is
 * Ready at once and waits for the phone to sync again (controllerStatus Sync) instead of asking the
 * check anew. Without it both are empty: the run starts its handshake as a new one would.
 */
export function resumedSessionStatus(sync: boolean): {
  displayStatus: DisplayLinkStatus;
  controllerStatus: ControllerLinkStatus;
} {
  return sync
    ? { displayStatus: 'Ready', controllerStatus: 'Sync' }
    : { displayStatus: '', controllerStatus: '' };
}

/**
 * What a phone's `controller-status` (its `currentStatus`, SPEC.md §7) says about the link: a phone still
 * before the check (nothing yet, Idle, Syncing, Check) has to sync; any later status means it follows
 * the display.
 */
export function controllerLinkStatus(currentStatus: TestStatus): Exclude<ControllerLinkStatus, ''> {
  return isBeforeCheck(currentStatus) ? 'Sync' : 'Ready';
}
