import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { members } from './accounts.tables.ts';
import { operators } from './operators.tables.ts';
import { hashPassword, verifyPassword, type ScryptParams } from './password-hash.ts';

/** The demo accounts of docs/demo-accounts.md. Passwords are public: demo data only. */
export const demoAccounts = {
  agent: {
    account: 'demoagent',
    password: 'Agent-demo-2026',
    affiliateCode: 'KHELA01',
    mobile: '+8801700000001',
  },
  player: {
    account: 'demoplayer',
    password: 'Player-demo-2026',
    mobile: '+8801700000002',
    email: 'player@khela.local',
  },
  /** Has the spec's default password '123456': the change-password dialog opens at login. */
  forcedChange: { account: 'demochange', password: '123456' },
  /**
   * The demo back office's owner. Operators must use the second step: the demo's TOTP secret is
   * public too (docs/demo-accounts.md; add it to an authenticator app), like the password.
   */
  operator: {
    account: 'operator',
    password: 'Operator-demo-2026',
    totpSecret: 'KHELADEMOOPERATORSECRETTOTPCODES',
  },
} as const;

export async function seedDemoAccounts(db: Database, scrypt: ScryptParams): Promise<void> {
  const [agent] = await db
    .insert(members)
    .values({
      account: demoAccounts.agent.account,
      nickname: 'Demo Agent',
      type: 1,
      affiliateCode: demoAccounts.agent.affiliateCode,
      passwordHash: await hashPassword(demoAccounts.agent.password, scrypt),
      paymentPasswordHash: await hashPassword('135790', scrypt),
      mobile: demoAccounts.agent.mobile,
      countryDialingCode: '+880',
      email: 'agent@khela.local',
      registerMethod: 'SEED',
    })
    .returning({ id: members.id });
  await db.insert(members).values([
    {
      account: demoAccounts.player.account,
      nickname: 'Demo Player',
      type: 0,
      uplineId: agent!.id,
      passwordHash: await hashPassword(demoAccounts.player.password, scrypt),
      paymentPasswordHash: await hashPassword('246810', scrypt),
      mobile: demoAccounts.player.mobile,
      countryDialingCode: '+880',
      email: demoAccounts.player.email,
      memberLabels: ['demo'],
      registerMethod: 'SEED',
    },
    {
      account: demoAccounts.forcedChange.account,
      nickname: 'Demo Change',
      type: 0,
      uplineId: agent!.id,
      passwordHash: await hashPassword(demoAccounts.forcedChange.password, scrypt),
      mustChangePassword: true,
      registerMethod: 'SEED',
    },
  ]);
  // Demo accounts have had their first login: the first-login action belongs to new accounts.
  await db.update(members).set({ firstLoginDoneAt: new Date() }).where(eq(members.registerMethod, 'SEED'));
  // The back office's owner is staff, not a player: the operators' own table.
  await db.insert(operators).values({
    account: demoAccounts.operator.account,
    nickname: 'Operator',
    operatorRole: 'owner',
    totpSecret: demoAccounts.operator.totpSecret,
    passwordHash: await hashPassword(demoAccounts.operator.password, scrypt),
    registerMethod: 'SEED',
  });
}

/**
 * The demo accounts that still open with their public password (README, docs/demo-accounts.md).
 * A server outside demo mode refuses to start while one exists (config/test-providers.ts).
 */
export async function demoAccountsWithPublicPassword(db: Database): Promise<string[]> {
  const publicPasswords = new Map<string, string>(
    Object.values(demoAccounts).map((demo) => [demo.account, demo.password]),
  );
  const seeded = [...publicPasswords.keys()];
  const rows = [
    ...(await db
      .select({ account: members.account, passwordHash: members.passwordHash })
      .from(members)
      .where(and(eq(members.registerMethod, 'SEED'), inArray(members.account, seeded)))),
    ...(await db
      .select({ account: operators.account, passwordHash: operators.passwordHash })
      .from(operators)
      .where(and(eq(operators.registerMethod, 'SEED'), inArray(operators.account, seeded)))),
  ];
  const open: string[] = [];
  for (const row of rows) {
    const password = publicPasswords.get(row.account);
    if (password && row.passwordHash && (await verifyPassword(password, row.passwordHash))) {
      open.push(row.account);
    }
  }
  return open.sort();
}
