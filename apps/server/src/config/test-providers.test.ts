import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';
import { testProviderRefusal } from './test-providers.ts';

const production = {
  DATABASE_URL: 'postgres://db.example.com/khela',
  SMS_PROVIDER: 'http',
  SMS_HTTP_URL: 'https://sms.example.com/send',
  MAIL_PROVIDER: 'smtp',
  SMTP_URL: 'smtps://u:p@mail.example.com:465',
};
const sandboxMethod = { code: 'sandbox', kind: 'sandbox_gateway' };
const bankMethod = { code: 'bank', kind: 'bank_transfer' };

describe('testProviderRefusal', () => {
  it('lets a production start with real providers and no sandbox method go', () => {
    expect(testProviderRefusal({ env: loadEnv(production), depositMethods: [bankMethod] })).toBeNull();
  });

  it('never stops a demo, whatever it runs', () => {
    const env = loadEnv({ DEMO_MODE: 'true', DATABASE_URL: production.DATABASE_URL });
    expect(
      testProviderRefusal({
        env,
        depositMethods: [sandboxMethod],
        demoAccountsWithPublicPassword: ['operator'],
      }),
    ).toBeNull();
  });

  it.each([
    ['the outbox SMS provider', { SMS_PROVIDER: 'outbox' }, {}, 'SMS_PROVIDER=outbox', 'SMS_PROVIDER=http'],
    [
      'the outbox mail provider',
      { MAIL_PROVIDER: 'outbox' },
      {},
      'MAIL_PROVIDER=outbox',
      'MAIL_PROVIDER=smtp',
    ],
    [
      'a sandbox deposit method in the settings',
      {},
      { depositMethods: [bankMethod, sandboxMethod] },
      "sandbox deposit method 'sandbox'",
      'payments.depositMethods',
    ],
  ])('refuses %s in one line naming it and what to change', (_name, vars, held, named, change) => {
    const env = loadEnv({ ...production, ...vars });
    const line = testProviderRefusal({ env, ...held });
    expect(line).toContain(named);
    expect(line).toContain(change);
    expect(line).toContain('ALLOW_TEST_PROVIDERS=true');
    expect(line?.split('\n')).toHaveLength(1);
    expect(
      testProviderRefusal({
        env: loadEnv({ ...production, ...vars, ALLOW_TEST_PROVIDERS: 'true' }),
        ...held,
      }),
    ).toBeNull();
  });

  it('names every test provider of a bare DATABASE_URL start in the same line', () => {
    const line = testProviderRefusal({ env: loadEnv({ DATABASE_URL: production.DATABASE_URL }) });
    expect(line).toMatch(
      /^Refusing to start with DEMO_MODE=false .*SMS_PROVIDER=outbox, MAIL_PROVIDER=outbox/,
    );
  });

  it('refuses demo accounts that still open with their public password, even with test providers allowed', () => {
    const env = loadEnv({ ...production, ALLOW_TEST_PROVIDERS: 'true' });
    const line = testProviderRefusal({ env, demoAccountsWithPublicPassword: ['demoplayer', 'operator'] });
    expect(line).toContain("demo account 'demoplayer', 'operator' still has its public demo password");
    expect(line).toContain('operator:create');
  });
});

describe('main', () => {
  it('stops a production start with a test provider with that one line and exit code 1', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'khela-refusal-'));
    try {
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: dataDir,
        DEMO_MODE: 'false',
        PORT: '0',
        HOST: '127.0.0.1',
        HOUSE_GAMES: 'off',
        WEB_DIST: '',
        ADMIN_DIST: '',
        LOG_LEVEL: 'silent',
      };
      const started = spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
        { cwd: root, env, encoding: 'utf8', timeout: 240_000 },
      );
      expect(started.status).toBe(1);
      const lines = started.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Refusing to start with DEMO_MODE=false .*SMS_PROVIDER=outbox/);
      expect(started.stdout).not.toContain('serving');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
