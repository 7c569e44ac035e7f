/**
 * The display's phone link in component tests: a stand-in for `useTestsSocket` that records what the
 * display sends and lets a test "be" the phone (call `link.handlers[event]`). Installed with
 * `vi.mock('@/lib/realtime/use-tests-socket', () => import('./testing/fake-tests-socket'))`.
 */
export const link = {
  handlers: {} as Record<string, (payload: unknown) => void>,
  emitted: [] as [string, Record<string, unknown>][],
  connection: 'connected' as string,
  controllerConnected: false,
};

/** Back to a connected link with no phone and nothing sent (call in beforeEach). */
export function resetLink(): void {
  link.handlers = {};
  link.emitted = [];
  link.connection = 'connected';
  link.controllerConnected = false;
}

/** What the display sent as `event`, in order. */
export const sent = (event: string) =>
  link.emitted.filter(([name]) => name === event).map(([, payload]) => payload);

export function useTestsSocket(_auth: unknown, handlers: Record<string, (payload: unknown) => void>) {
  link.handlers = handlers;
  return {
    socket: null,
    connection: link.connection,
    error: null,
    sessionState: {
      pin: 'ABCDEFGH',
      testStatus: null,
      currentTest: null,
      partBMethod: null,
      displayConnected: true,
      controllerConnected: link.controllerConnected,
    },
    emit: async (event: string, payload: Record<string, unknown>) => {
      link.emitted.push([event, payload]);
      return { ok: true, delivered: true };
    },
  };
}
