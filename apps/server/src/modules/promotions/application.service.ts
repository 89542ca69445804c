import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type {
  BonusApplication,
  BonusApplicationRow,
  BonusApplicationState,
  ImageUpload,
  LanguageCode,
} from '@khela/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { decodeUpload } from '../../shared/images.ts';
import { operatorOf } from '../accounts/authorize.ts';
import { recordOperatorChange } from '../audit/audit.service.ts';
import { rowsOf } from '../ledger/ledger.service.ts';
import { formatAmount, parseAmount } from '../ledger/money.ts';
import type { SiteSettings } from '../settings/settings.schema.ts';
import { walletChanged } from '../wallet/wallet.events.ts';
import { promotionTitles } from './bonus-admin.service.ts';
import {
  grant,
  limitReached,
  loadOffer,
  lockRuleFor,
  minor,
  notEligible,
  nowOf,
  openClaimOf,
  periodKeyOf,
  refuseMember,
  refuseUnavailable,
  settleMemberBonus,
  type BonusMember,
  type BonusSettings,
} from './bonus.service.ts';
import { applicationOut, type ApplicationRow } from './application.view.ts';
import {
  bonusApplicationImages,
  bonusApplications,
  bonusClaims,
  promotionRules,
} from './promotions.tables.ts';

/**
 * Bonuses obtained by application (issue 39, spec 4 and 5; docs/promotions.md "Applications with
 * review"). A rule with `obtain: 'apply'` (a fixed bonus) is not claimed with the page's button: the
 * member sends pictures (png or jpg by their bytes, 5 MB each, 1 to 3), an optional comment and the
 * terms agreed; an operator reviews them in the back office and approves, which credits the bonus
 * through the bonuses' one grant entry in the decision's transaction, or rejects with a reason the
 * member reads. One application per rule period (a unique key, as the claims'); one open bonus per
 * member, checked when applying and again, under the claims' key, when approving.
 *
 * Four eyes: from the brand's `insiderControls.bonusApplicationSecondApproverFrom` an approval is
 * first recorded, and a second, different operator's approval credits it (SECOND_APPROVER_REQUIRED
 * for the same operator twice; a check constraint too). Every decision is audited with its before
 * and after, in its transaction.
 */

export type ApplicationSettings = BonusSettings & Pick<SiteSettings, 'insiderControls' | 'defaultLanguage'>;

type Settings = ApplicationSettings;

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// The member's application

/**
 * Sends an application, or refuses with nothing written: VALIDATION_FAILED on `images.<n>` for a
 * picture that is not the png or jpg its bytes must show, or above 5 MB (the contract refuses more
 * than 3, none, a comment above 140 and terms not agreed); NOT_FOUND (no such promotion, or it
 * gives no bonus); PROMOTION_NOT_ELIGIBLE with the reason: the promotion's time or pause, a rule
 * claimed with the button (`claim_only`, `referral_only`), the member's (`agent`, `not_new`,
 * `deposited_before`), `bonus_active` (another bonus open), `limit_reached`, `claimed` (already
 * applied, or claimed, this period).
 */
export async function applyForBonus(
  db: Database,
  settings: Settings,
  member: BonusMember,
  input: {
    promotionId: number;
    comment?: string | undefined;
    images: ImageUpload[];
    language: LanguageCode;
  },
): Promise<BonusApplication> {
  // The pictures first: a wrong one refuses the whole application before anything is read.
  const images = input.images.map((image, index) => ({
    contentType: image.contentType,
    image: decodeUpload(image, `images.${index}`),
  }));
  const { rule, promotion } = await loadOffer(db, input.promotionId, input.language);
  refuseUnavailable(promotion, rule, 'apply');
  await settleMemberBonus(db, settings, member.memberId);
  const comment = input.comment?.trim() || null;
  const row = await db.transaction(async (tx) => {
    const now = await nowOf(tx);
    // The rule as it stands under its row's lock applies, as a claim's.
    const current = await lockRuleFor(tx, input.promotionId, rule.rule.maxClaims !== null, 'apply');
    const periodKey = periodKeyOf(current, now, settings.timeZone);
    // Applied this period already (or claimed it, the rule then claimed with the button): that
    // says it best, whatever else stands in the way now.
    const key = (table: typeof bonusClaims | typeof bonusApplications) =>
      and(
        eq(table.memberId, member.memberId),
        eq(table.promotionId, input.promotionId),
        eq(table.periodKey, periodKey),
      );
    const [applied] = await tx
      .select({ id: bonusApplications.id })
      .from(bonusApplications)
      .where(key(bonusApplications));
    const [claimed] = await tx.select({ id: bonusClaims.id }).from(bonusClaims).where(key(bonusClaims));
    if (applied || claimed) throw notEligible('claimed');
    await refuseMember(tx, {
      memberId: member.memberId,
      promotionId: input.promotionId,
      rule: current,
      now,
      openBonus: true,
    });
    const [inserted] = await tx
      .insert(bonusApplications)
      .values({
        memberId: member.memberId,
        promotionId: input.promotionId,
        periodKey,
        currency: settings.currency,
        rule: current,
        amount: minor(settings, current.amount),
        comment,
        imageCount: images.length,
      })
      .onConflictDoNothing()
      .returning();
    // The period's key is taken: applied already (of simultaneous applications one is written).
    if (!inserted) throw notEligible('claimed');
    await tx
      .insert(bonusApplicationImages)
      .values(images.map((image, position) => ({ applicationId: inserted.id, position, ...image })));
    return inserted;
  });
  return applicationOut(settings, row);
}

// ---------------------------------------------------------------------------------------------
// The back office's review

interface ApplicationSqlRow {
  id: string;
  promotion_id: number;
  member_id: number;
  username: string;
  currency: string;
  amount: string;
  comment: string | null;
  image_count: number;
  state: BonusApplicationState;
  submitted_at: string;
  first_approved_by: string | null;
  first_approved_at: string | null;
  decided_by: string | null;
  decided_at: string | null;
  decision_reason: string | null;
  bonus_claim_id: string | null;
}

/** From this bonus (minor units) an approval needs two operators; 0 when four eyes are off. */
function secondApproverFrom(settings: Settings): bigint {
  return parseAmount(settings.insiderControls.bonusApplicationSecondApproverFrom, {
    precision: settings.currencyPrecision,
    allowZero: true,
  });
}

function needsTwo(settings: Settings, amount: bigint): boolean {
  const threshold = secondApproverFrom(settings);
  return threshold > 0n && amount >= threshold;
}

const msOf = (text: string | null) => (text === null ? null : new Date(text).getTime());

export interface ApplicationsQuery {
  state?: BonusApplicationState | undefined;
  promotionId?: number | undefined;
  username?: string | undefined;
  days: number;
}

/**
 * The applications to review: those waiting first (oldest first: the queue), then the decided ones
 * of the last `days` days (newest first), at most 200; a waiting application is listed whatever its
 * age. With the count of every application the filters match and of those waiting.
 */
export async function listApplications(db: Database, settings: Settings, query: ApplicationsQuery) {
  const filters: SQL[] = [
    sql`(a.state = 'applying' or a.submitted_at >= now() - make_interval(days => ${query.days}))`,
  ];
  if (query.state !== undefined) filters.push(sql`a.state = ${query.state}`);
  if (query.promotionId !== undefined) filters.push(sql`a.promotion_id = ${query.promotionId}`);
  if (query.username !== undefined) filters.push(sql`m.account = ${query.username}`);
  const where = sql.join(filters, sql` and `);
  const from = sql`from bonus_applications a join accounts_members m on m.id = a.member_id`;
  const [rows, sums, promotionIds, titleOf] = await Promise.all([
    db.execute(sql`
      select a.id::text as id, a.promotion_id, a.member_id, m.account as username, a.currency,
             a.amount::text as amount, a.comment, a.image_count, a.state,
             to_json(a.submitted_at) #>> '{}' as submitted_at,
             a.first_approved_by, to_json(a.first_approved_at) #>> '{}' as first_approved_at,
             a.decided_by, to_json(a.decided_at) #>> '{}' as decided_at, a.decision_reason,
             a.bonus_claim_id::text as bonus_claim_id
        ${from}
       where ${where}
       order by (a.state = 'applying') desc,
                case when a.state = 'applying' then a.submitted_at end asc,
                a.submitted_at desc, a.id desc
       limit 200`),
    db.execute(sql`
      select count(*)::integer as count, count(*) filter (where a.state = 'applying')::integer as applying
        ${from}
       where ${where}`),
    db.execute(sql`
      select promotion_id::integer as promotion_id from bonus_applications
       union
      select promotion_id from promotion_rules where rule ->> 'obtain' = 'apply'`),
    promotionTitles(db, settings),
  ]);
  const threshold = secondApproverFrom(settings);
  const items = rowsOf<ApplicationSqlRow>(rows).map((row) => rowOut(settings, row, titleOf));
  const [sum] = rowsOf<{ count: number; applying: number }>(sums);
  return {
    items,
    count: Number(sum?.count ?? 0),
    applying: Number(sum?.applying ?? 0),
    secondApproverFrom: threshold > 0n ? formatAmount(threshold, settings.currencyPrecision) : null,
    promotions: rowsOf<{ promotion_id: number }>(promotionIds)
      .map((row) => Number(row.promotion_id))
      .sort((a, b) => a - b)
      .map((promotionId) => ({ promotionId, title: titleOf(promotionId) })),
  };
}

function rowOut(
  settings: Settings,
  row: ApplicationSqlRow,
  titleOf: (id: number) => string,
): BonusApplicationRow {
  const amount = BigInt(row.amount);
  return {
    id: Number(row.id),
    promotionId: Number(row.promotion_id),
    title: titleOf(Number(row.promotion_id)),
    memberId: Number(row.member_id),
    username: row.username,
    currency: row.currency,
    amount: formatAmount(amount, settings.currencyPrecision),
    comment: row.comment,
    imageCount: Number(row.image_count),
    state: row.state,
    submittedAt: msOf(row.submitted_at)!,
    needsSecondApprover: needsTwo(settings, amount),
    firstApprovedBy: row.first_approved_by,
    firstApprovedAt: msOf(row.first_approved_at),
    decidedBy: row.decided_by,
    decidedAt: msOf(row.decided_at),
    decisionReason: row.decision_reason,
    bonusClaimId: row.bonus_claim_id === null ? null : Number(row.bonus_claim_id),
  };
}

/** One application as the list shows it (the decision's answer). */
async function listedRow(
  db: Database,
  settings: Settings,
  row: ApplicationRow,
): Promise<BonusApplicationRow> {
  const [member] = rowsOf<{ account: string }>(
    await db.execute(sql`select m.account from accounts_members m where m.id = ${row.memberId}`),
  );
  const titleOf = await promotionTitles(db, settings);
  const iso = (moment: Date | null) => moment?.toISOString() ?? null;
  return rowOut(
    settings,
    {
      id: String(row.id),
      promotion_id: row.promotionId,
      member_id: row.memberId,
      username: member?.account ?? '',
      currency: row.currency,
      amount: row.amount.toString(),
      comment: row.comment,
      image_count: row.imageCount,
      state: row.state,
      submitted_at: row.submittedAt.toISOString(),
      first_approved_by: row.firstApprovedBy,
      first_approved_at: iso(row.firstApprovedAt),
      decided_by: row.decidedBy,
      decided_at: iso(row.decidedAt),
      decision_reason: row.decisionReason,
      bonus_claim_id: row.bonusClaimId === null ? null : String(row.bonusClaimId),
    },
    titleOf,
  );
}

/** A picture of an application, for the operator reviewing it. */
export async function getApplicationImage(
  db: Database,
  { id, index }: { id: number; index: number },
): Promise<ImageUpload> {
  const [row] = await db
    .select({ contentType: bonusApplicationImages.contentType, image: bonusApplicationImages.image })
    .from(bonusApplicationImages)
    .where(and(eq(bonusApplicationImages.applicationId, id), eq(bonusApplicationImages.position, index)));
  const contentType = row?.contentType;
  if (!row || (contentType !== 'image/png' && contentType !== 'image/jpeg')) {
    throw new AppError('NOT_FOUND', { issues: [{ field: 'index', reason: 'no such picture' }] });
  }
  return { contentType, data: row.image.toString('base64') };
}

/** What the audit trail keeps of an application. */
function applicationState(settings: Settings, row: ApplicationRow) {
  return {
    state: row.state,
    memberId: row.memberId,
    promotionId: row.promotionId,
    amount: formatAmount(row.amount, settings.currencyPrecision),
    firstApprovedBy: row.firstApprovedBy,
    decidedBy: row.decidedBy,
    decisionReason: row.decisionReason,
    bonusClaimId: row.bonusClaimId,
  };
}

function conflict(reason: string, value?: Record<string, unknown>): AppError {
  return new AppError('CONFLICT', { issues: [{ field: 'id', reason }], ...(value ? { value } : {}) });
}

/**
 * Credits an approved application's bonus in the decision's transaction: a bonus claim with the
 * application's period key and copied rule, granted through the bonuses' one grant entry. Refused
 * (CONFLICT, nothing written) while the member has another bonus open, when this period's bonus of
 * the promotion exists already, or when a limited promotion has given all its bonuses.
 */
async function grantApplication(tx: Database, settings: Settings, application: ApplicationRow) {
  const rule = application.rule;
  if (rule.maxClaims !== null) {
    // Takes turns with the claims and applications of a limited rule (its row's lock), if it still has one.
    await tx
      .select({ promotionId: promotionRules.promotionId })
      .from(promotionRules)
      .where(eq(promotionRules.promotionId, application.promotionId))
      .for('update');
    if (await limitReached(tx, application.promotionId, rule)) {
      throw conflict('the promotion has given all its bonuses', { reason: 'limit_reached' });
    }
  }
  const now = await nowOf(tx);
  const [claim] = await tx
    .insert(bonusClaims)
    .values({
      memberId: application.memberId,
      promotionId: application.promotionId,
      periodKey: application.periodKey,
      state: 'waiting',
      currency: application.currency,
      rule,
      maxBet: minor(settings, rule.maxBet),
      expiresAt: new Date(now + DAY_MS),
    })
    .onConflictDoNothing()
    .returning();
  if (!claim) {
    if (await openClaimOf(tx, application.memberId)) {
      throw conflict(
        'the member has another bonus open (one bonus at a time): approve once it has ended, or reject',
        { reason: 'bonus_active' },
      );
    }
    throw conflict("the member already has this period's bonus of the promotion", { reason: 'claimed' });
  }
  return grant(tx, settings, claim, application.amount, null);
}

/**
 * An operator's decision on an application. The row is locked and leaves `applying` once: a
 * decided one answers CONFLICT. A rejection records the reason (the member reads it). An approval
 * of a bonus below the brand's four-eyes threshold credits it at once; from the threshold the first
 * approval is recorded and the application waits for a second, different operator, whose approval
 * credits it (the same operator again: SECOND_APPROVER_REQUIRED). Each decision is audited in its
 * transaction; a refusal writes nothing (the audit hook records it with the request).
 */
export async function decideApplication(
  db: Database,
  request: FastifyRequest,
  settings: Settings,
  body: { id: number; decision: 'approve' | 'reject'; reason?: string | undefined },
): Promise<BonusApplicationRow> {
  const operator = operatorOf(request);
  const reason = body.reason?.trim() || null;
  const decided = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(bonusApplications)
      .where(eq(bonusApplications.id, body.id))
      .for('update');
    if (!current) {
      throw new AppError('NOT_FOUND', { issues: [{ field: 'id', reason: 'no such application' }] });
    }
    if (current.state !== 'applying') throw conflict(`already ${current.state}`);
    const decision = { decidedById: operator.operatorId, decidedBy: operator.account, decidedAt: new Date() };
    let updated: ApplicationRow | undefined;
    let action: string;
    let granted = false;
    if (body.decision === 'reject') {
      [updated] = await tx
        .update(bonusApplications)
        .set({ state: 'rejected', ...decision, decisionReason: reason })
        .where(eq(bonusApplications.id, current.id))
        .returning();
      action = 'bonusApplication.reject';
    } else if (needsTwo(settings, current.amount) && current.firstApprovedById === null) {
      [updated] = await tx
        .update(bonusApplications)
        .set({
          firstApprovedById: operator.operatorId,
          firstApprovedBy: operator.account,
          firstApprovedAt: new Date(),
          decisionReason: reason,
        })
        .where(eq(bonusApplications.id, current.id))
        .returning();
      action = 'bonusApplication.approveFirst';
    } else {
      if (current.firstApprovedById === operator.operatorId) {
        throw new AppError('SECOND_APPROVER_REQUIRED', {
          issues: [{ field: 'id', reason: 'another operator must approve it too' }],
        });
      }
      const claim = await grantApplication(tx, settings, current);
      [updated] = await tx
        .update(bonusApplications)
        .set({
          state: 'approved',
          ...decision,
          decisionReason: reason ?? current.decisionReason,
          bonusClaimId: claim.id,
        })
        .where(eq(bonusApplications.id, current.id))
        .returning();
      action = 'bonusApplication.approve';
      granted = true;
    }
    if (!updated) throw new Error('application not updated');
    await recordOperatorChange(tx, request, {
      action,
      targetKind: 'bonus_application',
      targetId: current.id,
      before: applicationState(settings, current),
      after: applicationState(settings, updated),
      ...(reason ? { reason } : {}),
    });
    return { row: updated, granted };
  });
  if (decided.granted) walletChanged(db, decided.row.memberId);
  return listedRow(db, settings, decided.row);
}
