import type { LoginBody, LoginResponse } from '@visus/contracts';
import { apiFetch, type ApiResult } from '@/lib/api/api-fetch';
import type { AnyDispatch } from '@/lib/api/session-guard';
import { storeSignInToken } from './auth-slice';
import { loadCurrentUser } from './current-user';

/**
 * POST /auth/login; on success stores the token and loads the current user (SPEC.md §4). A plain
 * call rather than an RTK Query mutation, so the login screen does without RTK Query (issue 9 part 6).
 * The answer is for the form, which shows the error, or (two-step sign-in on: no token yet) the second step.
 */
export const logIn =
  (body: LoginBody) =>
  async (dispatch: AnyDispatch, getState: () => unknown): Promise<ApiResult<LoginResponse>> => {
    const result = await apiFetch<LoginResponse>('/auth/login', { method: 'POST', body }, dispatch, getState);
    if (result.data && 'token' in result.data) {
      dispatch(storeSignInToken(result.data.token));
      void dispatch(loadCurrentUser());
    }
    return result;
  };
