import { create } from 'zustand';
import { readStorage, writeStorage } from '../lib/storage.ts';

/**
 * Account kinds of spec 6 and 9 carried in sessionStorage `isAgent`. The numbers have no stated
 * meaning beyond these lists, so they stay numbers (docs/design.md, "Where the spec is silent").
 */
export const accountCentreTypes = [1, 2, 41, 42] as const;
/** The trial (guest) account: refused member actions, chat and the agent centre. */
export const trialAccountType = 4;

export interface Session {
  token: string | null;
  isAgent: number | null;
  username: string | null;
}

interface SessionState extends Session {
  /**
   * The password typed at this tab's login (spec 3: kept with user info after login), in memory only:
   * never written to any storage. The change-password dialog asks for the old one only without it.
   */
  typedPassword: string | null;
  setSession: (session: { token: string; isAgent: number | null; username: string | null }) => void;
  setTypedPassword: (password: string | null) => void;
  clearSession: () => void;
}

function parseAccountType(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isInteger(value) ? value : null;
}

export function readSession(): Session {
  const token = readStorage('session', 'token');
  return {
    token: token && token.length > 0 ? token : null,
    isAgent: parseAccountType(readStorage('session', 'isAgent')),
    username: readStorage('session', 'username'),
  };
}

/** The session of this tab (spec 3: sessionStorage token, isAgent, username). */
export const useSessionStore = create<SessionState>()((set) => ({
  ...readSession(),
  typedPassword: null,
  setTypedPassword: (typedPassword) => set({ typedPassword }),
  setSession: ({ token, isAgent, username }) => {
    writeStorage('session', 'token', token);
    writeStorage('session', 'isAgent', isAgent === null ? null : String(isAgent));
    writeStorage('session', 'username', username);
    set({ token, isAgent, username });
  },
  clearSession: () => {
    writeStorage('session', 'token', null);
    writeStorage('session', 'isAgent', null);
    writeStorage('session', 'username', null);
    set({ token: null, isAgent: null, username: null, typedPassword: null });
  },
}));

/** Logged in means a token is present; member info (accounts issue) will refine this. */
export const selectIsLoggedIn = (state: Session): boolean => state.token !== null;

export function isAccountCentreType(isAgent: number | null): boolean {
  return isAgent !== null && (accountCentreTypes as readonly number[]).includes(isAgent);
}

export function isTrialAccount(isAgent: number | null): boolean {
  return isAgent === trialAccountType;
}

/** Read by the API client outside React. */
export function currentToken(): string | null {
  return useSessionStore.getState().token;
}
