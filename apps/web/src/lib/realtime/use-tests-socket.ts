import { useMemo } from 'react';
import { useDispatch } from 'react-redux';
import type { Handshake } from '@visus/contracts';
import {
  socketClosed,
  socketConnected,
  socketFailed,
  socketRequested,
  socketUserIdSet,
} from './sockets-slice';
import {
  useTestsLink,
  type TestsLinkObserver,
  type TestsSocketApi,
  type TestsSocketHandlers,
  type TestsSocketOptions,
} from './use-tests-link';

export type {
  TestsConnection,
  TestsLinkObserver,
  TestsSocketApi,
  TestsSocketHandlers,
  TestsSocketOptions,
} from './use-tests-link';

/**
 * {@link useTestsLink} with the link mirrored in the store's sockets slice (SPEC.md §3 sockets state):
 * the display's test screen uses this one.
 */
export function useTestsSocket(
  auth: Handshake | null,
  handlers: TestsSocketHandlers = {},
  options: Omit<TestsSocketOptions, 'observer'> = {},
): TestsSocketApi {
  const dispatch = useDispatch();
  const observer = useMemo<TestsLinkObserver>(
    () => ({
      requested: () => dispatch(socketRequested({ socket: 'tests' })),
      connected: () => dispatch(socketConnected({ socket: 'tests' })),
      failed: (status, error) => dispatch(socketFailed({ socket: 'tests', status, error })),
      closed: () => dispatch(socketClosed({ socket: 'tests' })),
      userId: (id) => dispatch(socketUserIdSet(id)),
    }),
    [dispatch],
  );
  return useTestsLink(auth, handlers, { ...options, observer });
}
