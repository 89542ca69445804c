import { readStorage, writeStorage } from './storage.ts';

/**
 * This browser's device id (localStorage `deviceId`): 128 random bits in base64url, made once and
 * kept whoever logs in here (not per account, unlike the known-device tokens). Sent with
 * registration and login, it lets the back office see two accounts used from one browser (refer a
 * friend's `same_device` signal); the server keeps only its SHA-256. It proves nothing and opens
 * nothing. Undefined when the browser keeps no storage: a fresh id each time would say nothing.
 */
const storageKey = 'deviceId';
const idPattern = /^[A-Za-z0-9_-]{16,64}$/;

function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function browserDeviceId(): string | undefined {
  const stored = readStorage('local', storageKey);
  if (stored && idPattern.test(stored)) return stored;
  writeStorage('local', storageKey, newId());
  const kept = readStorage('local', storageKey);
  return kept && idPattern.test(kept) ? kept : undefined;
}

/** `{ deviceId }` to spread into a login or registration body, or nothing without storage. */
export function deviceIdField(): { deviceId?: string } {
  const deviceId = browserDeviceId();
  return deviceId ? { deviceId } : {};
}
