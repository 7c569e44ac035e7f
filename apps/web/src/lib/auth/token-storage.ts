/**
 * The signed-in token lives in local storage under the key `token` (SPEC.md §4, §9) so a reload keeps
 * the person signed in. Storage can be unavailable (private mode, disabled cookies): the app then
 * still works for the current page and simply forgets the token on reload.
 */
export const TOKEN_STORAGE_KEY = 'token';

export function readToken(): string | null {
  try {
    const token = window.localStorage.getItem(TOKEN_STORAGE_KEY);
    return token ? token : null;
  } catch {
    return null;
  }
}

export function writeToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage refused: the token is still held in memory for this page.
  }
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
