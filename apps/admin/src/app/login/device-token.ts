/**
 * The known-device token a login gave this browser for an operator account (localStorage, never
 * the password): failures sent with it count apart, so anonymous failures elsewhere cannot lock
 * the operator out (the first-run issue).
 */
const prefix = 'adminDevice:';

export function readDeviceToken(account: string): string | null {
  try {
    return window.localStorage.getItem(`${prefix}${account.toLowerCase()}`);
  } catch {
    return null;
  }
}

export function rememberDeviceToken(account: string, token: string | undefined): void {
  if (!token) return;
  try {
    window.localStorage.setItem(`${prefix}${account.toLowerCase()}`, token);
  } catch {
    // Not remembered without storage.
  }
}
