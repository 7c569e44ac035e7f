import type { LoginBody, TokenResponse } from '@visus/contracts';
import { apiFetch, type ApiResult } from '@/lib/api/api-fetch';
import type { AnyDispatch } from '@/lib/api/session-guard';
import { storeSignInToken } from './auth-slice';
import { loadCurrentUser } from './current-user';

/**
 * POST /auth/login; on success stores the token and loads the current user (SPEC.md §4). A plain
 * call rather than an RTK Query mutation, so the login screen does without RTK Query (issue 9 part 6).
 * The answer is for the form, which shows the error.
 */
export const logIn =
  (body: LoginBody) =>
  async (dispatch: AnyDispatch, getState: () => unknown): Promise<ApiResult<TokenResponse>> => {
    const result = await apiFetch<TokenResponse>('/auth/login', { method: 'POST', body }, dispatch, getState);
    if (result.data) {
      dispatch(storeSignInToken(result.data.token));
      void dispatch(loadCurrentUser());
    }
    return result;
  };
