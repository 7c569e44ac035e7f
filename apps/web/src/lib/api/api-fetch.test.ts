import { describe, expect, it, vi } from 'vitest';
import { SERVER_ERROR, TOKEN_NOT_VALID } from '@visus/contracts/constants';
import { makeStore } from '@/app/store';
import { currentUserLoaded } from '@/lib/auth/auth-slice';
import { json, mockApi } from '@/testing/fetch-mock';
import { apiFetch } from './api-fetch';
import { errorMessage } from './api-error';

function call<T>(store: ReturnType<typeof makeStore>, path: string, options = {}) {
  return apiFetch<T>(path, options, store.dispatch, store.getState);
}

describe('apiFetch', () => {
  it('sends the raw token and a JSON body, and answers the JSON', async () => {
    const seen = mockApi({ 'POST /things': json(200, { success: true, data: 7 }) });
    window.localStorage.setItem('token', 'raw-token');
    const store = makeStore();
    const result = await call<{ data: number }>(store, '/things', { method: 'POST', body: { a: 1 } });
    expect(result).toEqual({ data: { success: true, data: 7 } });
    expect(seen).toEqual([{ method: 'POST', path: '/things', authorization: 'raw-token', body: { a: 1 } }]);
  });

  it('sends no Authorization header for a guest', async () => {
    const seen = mockApi({ 'GET /things': json(200, {}) });
    await call(makeStore(), '/things');
    expect(seen[0]?.authorization).toBeNull();
  });

  it('answers failures in the shapes of RTK Query, which errorMessage reads', async () => {
    mockApi({
      'GET /conflict': json(409, { success: false, error: 'Taken' }),
      'GET /html': new Response('<h1>Bad gateway</h1>', { status: 502 }),
    });
    const store = makeStore();
    const conflict = await call(store, '/conflict');
    expect(conflict.error).toEqual({ status: 409, data: { success: false, error: 'Taken' } });
    expect(errorMessage(conflict.error)).toBe('Taken');
    const html = await call(store, '/html');
    expect(html.error).toMatchObject({ status: 'PARSING_ERROR', originalStatus: 502 });
    expect(errorMessage(html.error)).toBe(SERVER_ERROR);

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const offline = await call(store, '/conflict');
    expect(offline.error).toEqual({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' });
    expect(errorMessage(offline.error)).toBe(SERVER_ERROR);

    // The answer starts, then the link drops before its body arrives.
    const cut = new Response(
      new ReadableStream({
        start(controller) {
          controller.error(new TypeError('network error'));
        },
      }),
      { status: 200 },
    );
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(cut));
    expect((await call(store, '/conflict')).error).toEqual({
      status: 'FETCH_ERROR',
      error: 'TypeError: network error',
    });
  });

  it("signs out, and says so, when the server answers 'Token is not valid'", async () => {
    mockApi({ 'GET /auth/current': json(401, { success: false, error: TOKEN_NOT_VALID }) });
    window.localStorage.setItem('token', 'revoked');
    const store = makeStore();
    store.dispatch(currentUserLoaded({ userId: 'u1', role: 'user' }));
    await call(store, '/auth/current');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(store.getState().auth).toMatchObject({ token: null, isAuth: false });
    expect(store.getState().notice.current?.message).toMatch(/log in again/);
  });
});
