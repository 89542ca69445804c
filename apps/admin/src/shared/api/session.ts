import { useSyncExternalStore } from 'react';

/**
 * The operator's session in this tab: the bearer token in sessionStorage (gone with the tab, never
 * the password), and the notice the login page shows after a session ended (idle, expired, logged
 * out elsewhere).
 */
export const tokenStorageKey = 'operatorToken';

export interface SessionState {
  readonly token: string | null;
  /** A text key the login page shows once ("Your session ended…"), or null. */
  readonly notice: string | null;
}

function readStoredToken(): string | null {
  try {
    return window.sessionStorage.getItem(tokenStorageKey);
  } catch {
    return null;
  }
}

let state: SessionState = { token: readStoredToken(), notice: null };
const listeners = new Set<() => void>();

const changeHooks = new Set<() => void>();

/** Runs before a new token (or none) is published: the shell clears the cached answers of the last one. */
export function onTokenChange(hook: () => void): () => void {
  changeHooks.add(hook);
  return () => changeHooks.delete(hook);
}

function publish(next: SessionState): void {
  if (next.token !== state.token) for (const hook of changeHooks) hook();
  state = next;
  for (const listener of listeners) listener();
}

export function sessionState(): SessionState {
  return state;
}

export function currentToken(): string | null {
  return state.token;
}

/** A login (or a password change, a second-step enrolment) gave this token. */
export function startSession(token: string): void {
  try {
    window.sessionStorage.setItem(tokenStorageKey, token);
  } catch {
    // Private mode without storage: the session lives as long as the page.
  }
  publish({ token, notice: null });
}

/** The session is over: back to the login page, with `notice` (a text key) shown there. */
export function endSession(notice: string | null = null): void {
  try {
    window.sessionStorage.removeItem(tokenStorageKey);
  } catch {
    // Nothing stored.
  }
  publish({ token: null, notice });
}

export function clearNotice(): void {
  if (state.notice !== null) publish({ ...state, notice: null });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, sessionState, sessionState);
}

/** Tests start from a clean session. */
export function resetSessionForTests(): void {
  publish({ token: readStoredToken(), notice: null });
}
