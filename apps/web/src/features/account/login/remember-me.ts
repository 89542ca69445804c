import { readStorage, writeStorage } from '../../../shared/lib/storage.ts';

/**
 * Remember me (spec 4, 9): the last username and SMS mobile number, kept one day in localStorage so
 * the login form can fill them in. Never the password (docs/design.md: the original kept it in a cookie).
 */
export const rememberStorageKey = 'rememberLogin';
export const rememberLifetimeMs = 24 * 60 * 60 * 1000;

export interface RememberedLogin {
  username: string | null;
  mobileNum: string | null;
  countryDialingCode: string | null;
}

interface StoredLogin extends RememberedLogin {
  expiresAt: number;
}

const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : null;

/** What was remembered and has not expired (an expired or unreadable entry is removed). */
export function readRememberedLogin(now = Date.now()): RememberedLogin | null {
  const raw = readStorage('local', rememberStorageKey);
  if (raw === null) return null;
  try {
    const stored = JSON.parse(raw) as Partial<StoredLogin>;
    if (typeof stored.expiresAt !== 'number' || stored.expiresAt <= now) {
      clearRememberedLogin();
      return null;
    }
    const remembered = {
      username: textOrNull(stored.username),
      mobileNum: textOrNull(stored.mobileNum),
      countryDialingCode: textOrNull(stored.countryDialingCode),
    };
    return remembered.username || remembered.mobileNum ? remembered : null;
  } catch {
    clearRememberedLogin();
    return null;
  }
}

/** Saves what this login used, keeping what the other tab of the form remembered; one more day. */
export function saveRememberedLogin(login: Partial<RememberedLogin>, now = Date.now()): void {
  const previous = readRememberedLogin(now);
  const next: StoredLogin = {
    username: login.username ?? previous?.username ?? null,
    mobileNum: login.mobileNum ?? previous?.mobileNum ?? null,
    countryDialingCode: login.countryDialingCode ?? previous?.countryDialingCode ?? null,
    expiresAt: now + rememberLifetimeMs,
  };
  writeStorage('local', rememberStorageKey, JSON.stringify(next));
}

export function clearRememberedLogin(): void {
  writeStorage('local', rememberStorageKey, null);
}
