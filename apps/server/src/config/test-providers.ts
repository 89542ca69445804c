import type { Env } from './env.ts';

/**
 * Whether a server outside demo mode may start. Test providers move no real money and send no
 * real message (the outbox SMS/mail providers keep messages in a table; the sandbox gateway pays
 * anything its hosted page is told to), so a production start with one is refused unless
 * ALLOW_TEST_PROVIDERS=true says it is meant (a staging site). Demo accounts that still have their
 * public password are refused even then: anyone can read them in the README.
 *
 * Called twice by main.ts: with the environment alone before the database is opened, then with
 * what the database holds (the settings' deposit methods, the demo accounts). Returns the one line
 * to print, naming what to change, or null.
 */
export function testProviderRefusal({
  env,
  depositMethods = [],
  demoAccountsWithPublicPassword = [],
}: {
  env: Pick<Env, 'DEMO_MODE' | 'ALLOW_TEST_PROVIDERS' | 'SMS_PROVIDER' | 'MAIL_PROVIDER'>;
  /** The settings' deposit methods (any whose kind is a test gateway's counts, even disabled). */
  depositMethods?: { code: string; kind: string }[];
  demoAccountsWithPublicPassword?: string[];
}): string | null {
  if (env.DEMO_MODE) return null;
  if (demoAccountsWithPublicPassword.length > 0) {
    const names = demoAccountsWithPublicPassword.map((name) => `'${name}'`).join(', ');
    return (
      `Refusing to start with DEMO_MODE=false: demo account ${names} still has its public demo password; ` +
      'start on a fresh database (create the first operator with npm run operator:create) or set DEMO_MODE=true for a demo.'
    );
  }
  if (env.ALLOW_TEST_PROVIDERS) return null;
  const found: string[] = [];
  const fixes: string[] = [];
  if (env.SMS_PROVIDER === 'outbox') {
    found.push('SMS_PROVIDER=outbox');
    fixes.push('set SMS_PROVIDER=http with SMS_HTTP_URL');
  }
  if (env.MAIL_PROVIDER === 'outbox') {
    found.push('MAIL_PROVIDER=outbox');
    fixes.push('set MAIL_PROVIDER=smtp with SMTP_URL');
  }
  const sandboxMethods = depositMethods.filter((method) => method.kind === 'sandbox_gateway');
  if (sandboxMethods.length > 0) {
    const codes = sandboxMethods.map((method) => `'${method.code}'`).join(', ');
    found.push(`the sandbox deposit method ${codes} in the settings`);
    fixes.push('remove it from payments.depositMethods (npm run settings)');
  }
  if (found.length === 0) return null;
  return (
    `Refusing to start with DEMO_MODE=false and test providers (${found.join(', ')}): ` +
    `${fixes.join('; ')}; or set ALLOW_TEST_PROVIDERS=true to start anyway (docs/operations.md, Going to production).`
  );
}
