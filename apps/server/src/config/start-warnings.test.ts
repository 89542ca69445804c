import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestDatabase, testEnvDefaults } from '../test/helper.ts';
import { loadEnv } from './env.ts';
import { startWarnings } from './start-warnings.ts';

/** Issue 35, item 5g: a production start without ADMIN_HOST says so at warn, and goes on. */
describe('start warnings', () => {
  it('warns outside demo mode when ADMIN_HOST is unset, naming it and the docs', () => {
    const warnings = startWarnings(loadEnv({ DEMO_MODE: 'false' }), '24.22.3');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^ADMIN_HOST is unset: .*docs\/operations\.md, Going to production/);
  });

  it('says nothing with ADMIN_HOST set, or in demo mode', () => {
    expect(startWarnings(loadEnv({ DEMO_MODE: 'false', ADMIN_HOST: 'admin.example.com' }), '24.0.0')).toEqual(
      [],
    );
    expect(startWarnings(loadEnv({ DEMO_MODE: 'true' }))).toEqual([]);
  });
});

describe('the start itself', () => {
  /** The app built as main.ts builds it, outside demo mode: the lines it logged at warn. */
  async function warnedAtStart(env: Record<string, string>): Promise<string[]> {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) {
          if (!line) continue;
          const entry = JSON.parse(line) as { level: number; msg: string };
          if (entry.level === 40) lines.push(entry.msg);
        }
        done();
      },
    });
    const database = await createTestDatabase();
    try {
      const app = await buildApp({
        env: loadEnv({ NODE_ENV: 'test', ...testEnvDefaults, DEMO_MODE: 'false', ...env }),
        database: database.handle,
        logger: { level: 'warn', stream },
      });
      await app.close();
    } finally {
      await database.close();
    }
    return lines;
  }

  it('logs the ADMIN_HOST warning when the app is built without it, and none with it', async () => {
    expect(await warnedAtStart({})).toContainEqual(expect.stringMatching(/^ADMIN_HOST is unset: /));
    expect(await warnedAtStart({ ADMIN_HOST: 'admin.example.com' })).not.toContainEqual(
      expect.stringMatching(/ADMIN_HOST/),
    );
  }, 60_000);
});

describe('the Node release line (issue 35, item 6)', () => {
  it('warns outside demo mode on a Node older than the supported LTS, naming both', () => {
    const env = loadEnv({ DEMO_MODE: 'false', ADMIN_HOST: 'admin.example.com' });
    expect(startWarnings(env, '20.20.2')).toEqual([
      expect.stringMatching(/^Node 20\.20\.2 runs this server: .* Node 24/),
    ]);
    expect(startWarnings(env, '26.1.0')).toEqual([]);
  });
});

describe('DATABASE_OWNER_URL', () => {
  it('is refused without DATABASE_URL (it migrates a PostgreSQL database the server then uses)', () => {
    expect(() => loadEnv({ DATABASE_OWNER_URL: 'postgres://khela_owner@db/khela' })).toThrow(
      /DATABASE_OWNER_URL/,
    );
    expect(
      loadEnv({
        DATABASE_URL: 'postgres://khela_app@db/khela',
        DATABASE_OWNER_URL: 'postgres://khela_owner@db/khela',
      }).DATABASE_OWNER_URL,
    ).toBe('postgres://khela_owner@db/khela');
  });
});
