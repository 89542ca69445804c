import { sql } from 'drizzle-orm';
import type { BonusRule } from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { expect } from 'vitest';
import type { TestApp } from '../../test/helper.ts';
import { call, solveAltcha } from '../accounts/accounts.test-support.ts';
import { createCaptcha } from '../captcha/captcha.service.ts';
import { uniqueKeys } from '../wallet/money.test-support.ts';
import { forgetContent } from '../content/content.service.ts';
import { contentPromotions } from '../content/content.tables.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { saveRule } from './bonus.service.ts';

/** A member's cash (main wallet) and bonus wallet, minor units (0 for a wallet not open). */
export async function cashAndBonus(db: Database, memberId: number): Promise<{ main: bigint; bonus: bigint }> {
  const rows = rowsOf<{ address: string; balance: string }>(
    await db.execute(sql`
      select address, balance::text from ledger_accounts
       where address in (${`member:${memberId}:main`}, ${`member:${memberId}:bonus`})`),
  );
  const of = (kind: string) => BigInt(rows.find((row) => row.address.endsWith(`:${kind}`))?.balance ?? 0);
  return { main: of('main'), bonus: of('bonus') };
}

/** A fixed bonus of 10.00, 60×, slots only, max bet 50.00, 7 days: the bonus tests' starting rule. */
export const testBonusRule: BonusRule = {
  kind: 'fixed',
  percent: null,
  amount: '10',
  minDeposit: '0',
  firstDepositOnly: false,
  newMemberDays: null,
  claimPeriod: 'member',
  maxClaims: null,
  wageringMultiple: 60,
  weights: { RNG: 100 },
  maxBet: '50',
  expiryDays: 7,
  depositWithinDays: 7,
};

const HOUR = 3_600_000;

/**
 * A promotion page (English only) carrying `rule`, by default running from an hour ago for a day
 * (`null`: open); answers its id.
 */
export async function promotionWithRule(
  db: Database,
  rule: BonusRule,
  options: {
    title?: string;
    type?: 'deposit' | 'event';
    startsAt?: Date | null;
    endsAt?: Date | null;
    paused?: boolean;
    by?: string;
  } = {},
): Promise<number> {
  const [row] = await db
    .insert(contentPromotions)
    .values({
      type: options.type ?? 'deposit',
      action: 'claim',
      texts: {
        EN: { title: options.title ?? 'Test bonus', summary: 'A test bonus', content: '<p>Rules</p>' },
      },
      startsAt: options.startsAt === undefined ? new Date(Date.now() - HOUR) : options.startsAt,
      endsAt: options.endsAt === undefined ? new Date(Date.now() + 24 * HOUR) : options.endsAt,
    })
    .returning({ id: contentPromotions.id });
  await forgetContent(db);
  await saveRule(db, await getSettings(db), {
    promotionId: row!.id,
    rule,
    paused: options.paused ?? false,
    by: options.by ?? 'test',
  });
  return row!.id;
}

const newDepositRequest = uniqueKeys('promotions-deposit');

/**
 * A bank deposit the member makes (from `ip`) and an operator approves: its credit runs the
 * deposit's listeners (a waiting deposit match, a referral reward). Answers the order id.
 */
export async function approvedDeposit(
  sut: TestApp,
  options: { member: string; operator: string; amount: string; ip?: string },
): Promise<number> {
  const order = await call(sut, {
    method: 'POST',
    url: '/wps/deposit/create',
    token: options.member,
    ...(options.ip ? { ip: options.ip } : {}),
    body: {
      requestId: newDepositRequest(),
      methodCode: 'bank',
      amount: options.amount,
      reference: `REF-${newDepositRequest()}`,
    },
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const orderId = order.body.value.orderId as number;
  const decided = await call(sut, {
    method: 'POST',
    url: '/api/operator/deposit/decide',
    token: options.operator,
    body: { orderId, decision: 'approve' },
  });
  expect(decided.status, JSON.stringify(decided.body)).toBe(200);
  return orderId;
}

/**
 * A registration through the member site as its form sends it (from `ip`, with `fields` such as a
 * referral code), answered as it came: refusals included. The site's registration captcha must be
 * the default image captcha (it is solved here).
 */
export async function registerThroughSite(
  sut: TestApp,
  username: string,
  fields: Record<string, unknown> = {},
  ip?: string,
) {
  const { captchaId, answer } = await createCaptcha({ db: sut.db, ttlSeconds: 60 });
  return call(sut, {
    method: 'PUT',
    url: '/wps/member/register',
    sealed: true,
    ...(ip ? { ip } : {}),
    body: {
      username,
      password: 'Sunny-river-42',
      confirmPassword: 'Sunny-river-42',
      ageConfirmed: true,
      termsVersion: '1',
      paymentPassword: '135790',
      captchaId,
      captcha: answer,
      registerUrl: 'http://localhost/register',
      domain: 'localhost',
      countryDialingCode: '+880',
      registerMethod: 'WEB',
      login: true,
      altcha: await solveAltcha(sut),
      ...fields,
    },
  });
}
