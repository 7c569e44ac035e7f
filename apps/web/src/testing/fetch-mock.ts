import { vi } from 'vitest';
import { API_BASE, type CurrentUser } from '@visus/contracts';

/** A JSON response as the server sends it. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Reply = Response | ((request: Request) => Response | Promise<Response>);

/** A request the mock saw, with its parsed JSON body. */
export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

/**
 * The answers every signed-in screen with the clinic-sharing card (Results, Profile) gets unless a test
 * gives its own: not shared, nobody looked (issue 19); two-step sign-in off.
 */
const DEFAULT_ROUTES: Record<string, Reply> = {
  'GET /sharing': json(200, {
    success: true,
    data: { clinic: { shared: false, since: null }, history: [], accessLog: [] },
  }),
  // Profile's two-step sign-in card (clinicians and admins): off, not required.
  'GET /auth/two-factor': json(200, {
    success: true,
    data: { available: true, enabled: false, required: false, recoveryCodesLeft: 0 },
  }),
};

/**
 * Answers for paths with an id in them, unless a test gives its own: a result's share links (issue 19
 * item 5), none yet, for every result page.
 */
const DEFAULT_PATTERNS: [RegExp, Reply][] = [
  [/^GET \/tests\/results\/[^/]+\/share-links$/, json(200, { success: true, data: { links: [] } })],
];

/**
 * Stubs `fetch` with canned answers keyed by "METHOD /path" (path under /api/v1), over DEFAULT_ROUTES.
 * Anything else answers 404 so a missing mock fails loudly. Returns the requests seen, in order.
 */
export function mockApi(given: Record<string, Reply>): SeenRequest[] {
  const routes = { ...DEFAULT_ROUTES, ...given };
  const seen: SeenRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname.replace(API_BASE, '');
      const text = await request.clone().text();
      seen.push({
        method: request.method,
        path,
        authorization: request.headers.get('Authorization'),
        body: text ? (JSON.parse(text) as unknown) : undefined,
      });
      const key = `${request.method} ${path}`;
      const reply = routes[key] ?? DEFAULT_PATTERNS.find(([pattern]) => pattern.test(key))?.[1];
      if (reply === undefined)
        return json(404, { success: false, error: `No mock for ${request.method} ${path}` });
      return typeof reply === 'function' ? reply(request) : reply.clone();
    }),
  );
  return seen;
}

export function testUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    _id: 'user-1',
    name: 'Ada Lovelace',
    email: 'ada@example.org',
    role: 'user',
    dob: '1990-06-15',
    createdAt: '2025-01-10T09:00:00.000Z',
    updatedAt: '2025-01-10T09:00:00.000Z',
    twoFactor: { enabled: false, required: false },
    language: null,
    ...overrides,
  };
}

/** GET /auth/current answering with this user. */
export function currentUserReply(user: CurrentUser = testUser()): Response {
  return json(200, { success: true, data: user });
}
