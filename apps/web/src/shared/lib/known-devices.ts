import { readStorage, writeStorage } from './storage.ts';

/**
 * Known-device tokens, one per account this browser logged in to (localStorage `knownDevices`,
 * a JSON object by lower-cased username). The server gives one after each successful login; sent
 * with the next login of that account, it keeps the owner from being locked out by someone else's
 * wrong passwords. It is not a password and opens nothing by itself.
 */
const storageKey = 'knownDevices';
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

function readAll(): Record<string, string> {
  const raw = readStorage('local', storageKey);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && tokenPattern.test(entry[1]),
      ),
    );
  } catch {
    return {};
  }
}

export function readDeviceToken(username: string): string | undefined {
  return readAll()[username.trim().toLowerCase()];
}

export function rememberDeviceToken(username: string, token: string | undefined): void {
  if (!token || !tokenPattern.test(token)) return;
  const all = readAll();
  all[username.trim().toLowerCase()] = token;
  writeStorage('local', storageKey, JSON.stringify(all));
}
