import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, owaspScrypt, verifyPassword } from './password-hash.ts';
import { isCommonPassword, newPasswordViolation } from './password-policy.ts';

describe('scrypt password hashes', () => {
  it('use the OWASP parameters (N=2^17, r=8, p=1) with a per-user salt', async () => {
    const first = await hashPassword('Correct-horse-9', owaspScrypt);
    const second = await hashPassword('Correct-horse-9', owaspScrypt);
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(second).not.toBe(first);
    expect(await verifyPassword('Correct-horse-9', first)).toBe(true);
    expect(await verifyPassword('Correct-horse-8', first)).toBe(false);
    expect(needsRehash(first, owaspScrypt)).toBe(false);
    expect(needsRehash(first, { N: 1024, r: 8, p: 1 })).toBe(true);
  });

  it('never match a malformed hash', async () => {
    expect(await verifyPassword('x', 'plain')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$0$8$1$AA==$AA==')).toBe(false);
  });
});

describe('new password policy', () => {
  const rule = {
    enabled: true,
    required: true,
    acceptedPattern: '^\\S+$',
    patternId: 'no_spaces',
    minLength: 8,
    maxLength: 32,
  };

  it('ships a list of common passwords', () => {
    for (const password of ['123456', 'password', 'qwerty123', 'iloveyou', 'Password1', 'bangladesh123']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    expect(isCommonPassword('Tk7-rainy-Padma')).toBe(false);
  });

  it('wants eight characters, the brand rule, no common password and not the username', () => {
    expect(newPasswordViolation({ password: 'Ab1-xyz', rule })).toBe('must be at least 8 characters');
    expect(newPasswordViolation({ password: 'letmein123', rule })).toBe('too common');
    expect(newPasswordViolation({ password: 'with spaces 9', rule })).toBe('pattern no_spaces');
    expect(newPasswordViolation({ password: 'demoplayer', rule, username: 'DemoPlayer' })).toBe(
      'must differ from the username',
    );
    expect(newPasswordViolation({ password: 'Tk7-rainy-Padma', rule })).toBeNull();
  });
});
