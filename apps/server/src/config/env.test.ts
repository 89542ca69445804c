import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('fills defaults: port 8080, embedded database under ./data', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(8080);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DEMO_MODE).toBe(true);
  });

  it('treats an empty variable as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(8080);
  });

  it('keeps an empty WEB_DIST: the API without the web app (README)', () => {
    expect(loadEnv({ WEB_DIST: '' }).WEB_DIST).toBe('');
    expect(loadEnv({}).WEB_DIST).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'localhost:6379'],
    ['LOG_LEVEL', 'loud'],
    ['DEMO_MODE', 'maybe'],
    ['ALLOW_TEST_PROVIDERS', 'sure'],
    ['SEED_DEMO', 'false'],
    ['SCRYPT_N', '100000'],
    ['SESSION_IDLE_MINUTES', '0'],
    ['SMS_PROVIDER', 'pigeon'],
  ])('stops with one line naming %s for %s', (variable, value) => {
    let caught: unknown;
    try {
      loadEnv({ [variable]: value });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const message = (caught as EnvError).message;
    expect(message).toContain(`Invalid environment variable ${variable}=`);
    expect(message.split('\n')).toHaveLength(1);
  });
});

describe('the demo switch', () => {
  it('is on for the embedded database that npm start uses, off wherever DATABASE_URL is set', () => {
    expect(loadEnv({}).DEMO_MODE).toBe(true);
    expect(loadEnv({ DATABASE_URL: '' }).DEMO_MODE).toBe(true);
    expect(loadEnv({ DATABASE_URL: 'postgres://db.example.com/khela' }).DEMO_MODE).toBe(false);
  });

  it('follows an explicit DEMO_MODE either way', () => {
    expect(loadEnv({ DATABASE_URL: 'postgres://db.example.com/khela', DEMO_MODE: 'true' }).DEMO_MODE).toBe(
      true,
    );
    expect(loadEnv({ DEMO_MODE: 'false' }).DEMO_MODE).toBe(false);
    expect(loadEnv({ DEMO_MODE: '0' }).DEMO_MODE).toBe(false);
  });

  it('refuses the replaced SEED_DEMO, naming DEMO_MODE, and never allows test providers unless told', () => {
    expect(() => loadEnv({ SEED_DEMO: 'true' })).toThrow(/SEED_DEMO=.*DEMO_MODE/);
    expect(loadEnv({}).ALLOW_TEST_PROVIDERS).toBe(false);
    expect(loadEnv({ ALLOW_TEST_PROVIDERS: 'true' }).ALLOW_TEST_PROVIDERS).toBe(true);
  });
});

describe('accounts settings', () => {
  it('default to OWASP scrypt, a 15-minute idle timeout and the outbox providers', () => {
    const env = loadEnv({});
    expect([env.SCRYPT_N, env.SCRYPT_R, env.SCRYPT_P]).toEqual([131072, 8, 1]);
    expect(env.SESSION_IDLE_MINUTES).toBe(15);
    expect([env.SMS_PROVIDER, env.MAIL_PROVIDER]).toEqual(['outbox', 'outbox']);
  });

  it('want the gateway address of a real provider', () => {
    expect(() => loadEnv({ SMS_PROVIDER: 'http' })).toThrow(/SMS_HTTP_URL/);
    expect(() => loadEnv({ MAIL_PROVIDER: 'smtp' })).toThrow(/SMTP_URL/);
    expect(
      loadEnv({ MAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://u:p@mail.example.com:587' }).SMTP_URL,
    ).toContain('smtp://');
  });
});
