import { z } from 'zod';
import { defineCall } from './define.ts';
import { epochMsSchema, pagedValueFields } from './input-rules.ts';
import { bettingRecordLineSchema, roundTotalsSchema } from './records.ts';
import { gameCategorySchema, languageCodeSchema } from './system.ts';
import { decimalAmountSchema, amountInputSchema, recordKindSchema, requestIdSchema } from './wallet.ts';
import { countryDialingCodeSchema, mobileNumSchema } from './accounts/fields.ts';

/**
 * The agent's half of the site (issue 14; spec 1 money features, 2 agent centre menu, 3 consolidated
 * contract info / agent contract / real-time wage / wage periods, 4 contracts, 6 agent types and the
 * agent site, 7 the contract calls, 9 real-time wages every 5 minutes). docs/agents.md explains it.
 *
 * - The team of an agent is their whole downline tree, at any depth, and themselves (depth 0).
 *   Every call here answers only about the caller's own team: a username or id outside it is
 *   NOT_FOUND, exactly as one that does not exist (an agent learns nothing of other trees).
 * - Rates cross as percent strings with at most two decimals ("0.50" = 0.5 %), kept as basis points
 *   (1/100 of a percent) on the server. Money as decimal strings in major units, like every call.
 * - Days, hours and periods are the brand's: cut in its zone (whitelabel `timeZone`,
 *   business-day.ts), like the betting record and the profit and loss.
 */

export const wageKinds = ['daily', 'hourly', 'realtime', 'dividend'] as const;
export const wageKindSchema = z.enum(wageKinds);
export type WageKind = z.infer<typeof wageKindSchema>;

/** Spec 3 wage periods: D daily, W weekly (Monday to Sunday), H semimonthly (1–15, 16–end), M monthly. */
export const dividendPeriods = ['D', 'W', 'H', 'M'] as const;
export const dividendPeriodSchema = z.enum(dividendPeriods);
export type DividendPeriod = z.infer<typeof dividendPeriodSchema>;

/**
 * What a dividend is a share of: `loss` the team's net loss in the period (bets − wins − wages paid
 * to the team in it; nothing when the team won), `betting` the team's valid betting.
 */
export const dividendBases = ['loss', 'betting'] as const;
export const dividendBasisSchema = z.enum(dividendBases);
export type DividendBasis = z.infer<typeof dividendBasisSchema>;

/** The most tiers a daily, hourly or dividend contract has. */
export const maxContractTiers = 10;
/** Real-time wages are settled every this many seconds (spec 9: 5 minutes). */
export const realtimeWageSlotSeconds = 300;

/** A percent with at most two decimals, 0 to 100: "0.5", "1.25", "30". */
export const ratePercentSchema = z
  .string()
  .trim()
  .max(6)
  .regex(/^(100(\.0{1,2})?|[0-9]{1,2}(\.[0-9]{1,2})?)$/, 'a percent from 0 to 100 with at most two decimals');

/**
 * One tier of a daily, hourly or dividend contract (spec 3 agent contract: team betting, active
 * members, rate). A tier is reached when the team's valid betting in the period is at least
 * `teamBet` and at least `activeMembers` of the team placed a bet in it; the highest tier reached
 * gives the rate. Tiers are listed from the lowest; each needs more than the one before and gives
 * at least its rate.
 */
export const contractTierSchema = z.object({
  teamBet: amountInputSchema,
  activeMembers: z.coerce.number().int().min(0).max(1_000_000),
  rate: ratePercentSchema,
});
export type ContractTier = z.infer<typeof contractTierSchema>;

const tiersSchema = z.array(contractTierSchema).min(1).max(maxContractTiers);

/** Daily wage: a rate of the team's valid betting of each day, by tier. */
export const dailyTermsSchema = z.object({ tiers: tiersSchema });
/** Hourly salary: a rate of the team's valid betting of each hour, by tier (spec 3 "hourly bet amount"). */
export const hourlyTermsSchema = z.object({ tiers: tiersSchema });
/**
 * Real-time salary (spec 3 real-time wage): of each settled lottery bet of the team whose stake is
 * at least `singleBet`, `winRate` of the stake when the bet won and `lossRate` when it lost; summed
 * per lottery game and round, settled every 5 minutes.
 */
export const realtimeTermsSchema = z.object({
  winRate: ratePercentSchema,
  lossRate: ratePercentSchema,
  singleBet: amountInputSchema,
});
/** Dividend: a rate of the basis over the period, by tier. */
export const dividendTermsSchema = z.object({
  basis: dividendBasisSchema,
  period: dividendPeriodSchema,
  tiers: tiersSchema,
});
export type DailyTerms = z.infer<typeof dailyTermsSchema>;
export type HourlyTerms = z.infer<typeof hourlyTermsSchema>;
export type RealtimeTerms = z.infer<typeof realtimeTermsSchema>;
export type DividendTerms = z.infer<typeof dividendTermsSchema>;

/** Terms with their kind (answers carry this shape). */
export const contractTermsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('daily'), terms: dailyTermsSchema }),
  z.object({ kind: z.literal('hourly'), terms: hourlyTermsSchema }),
  z.object({ kind: z.literal('realtime'), terms: realtimeTermsSchema }),
  z.object({ kind: z.literal('dividend'), terms: dividendTermsSchema }),
]);
export type ContractTerms = z.infer<typeof contractTermsSchema>;

/**
 * A contract's life: `pending` offered, waiting for the downline; `active` accepted (or set by the
 * operator for a top agent); `rejected` by the downline; `cancelled` replaced (a pending offer when
 * the upline offers again, an active one when a higher-rate one of the same kind becomes active);
 * `ended` by an accepted termination.
 */
export const contractStatuses = ['pending', 'active', 'rejected', 'cancelled', 'ended'] as const;
export const contractStatusSchema = z.enum(contractStatuses);
export type ContractStatus = z.infer<typeof contractStatusSchema>;

/** Spec 4: request kinds new and termination. */
export const contractRequestKinds = ['new', 'termination'] as const;
export const contractRequestKindSchema = z.enum(contractRequestKinds);
export type ContractRequestKind = z.infer<typeof contractRequestKindSchema>;

export const contractRequestStatuses = ['pending', 'accepted', 'rejected', 'cancelled'] as const;
export const contractRequestStatusSchema = z.enum(contractRequestStatuses);

export const contractRequestSchema = z.object({
  id: z.number().int(),
  kind: contractRequestKindSchema,
  status: contractRequestStatusSchema,
  createdAt: z.number(),
  answeredAt: z.number().nullable(),
});

export const contractSchema = z.object({
  id: z.number().int(),
  kind: wageKindSchema,
  /** The contracted agent (who is paid). */
  member: z.string(),
  /** Who pays: the upline agent's username, or null for the platform (a top agent's contract). */
  upline: z.string().nullable(),
  status: contractStatusSchema,
  terms: contractTermsSchema,
  /** The highest rate of the terms (percent), for lists and for the higher-rate rule. */
  maxRate: z.string(),
  createdAt: z.number(),
  startedAt: z.number().nullable(),
  endedAt: z.number().nullable(),
  /** The request waiting for an answer (new or termination), if any. */
  pendingRequest: contractRequestSchema.nullable(),
  /** Whether the caller is the one to answer `pendingRequest` (the downline). */
  awaitingMe: z.boolean(),
});
export type AgentContract = z.infer<typeof contractSchema>;

/**
 * The contract calls (spec 7: MCS2_processDailySalContract, MCS2_processContractHourSalary,
 * MCSFE_processRealTimeSalaryContract, MCS2_processDividendReq): one body shape each, by action.
 * - `offer`: the upline offers a downline (a direct or deeper downline agent of their team) a
 *   contract of this kind. Refused: not a downline (NOT_FOUND), above the offerer's own contract
 *   of this kind or the offerer has none (CONTRACT_ABOVE_OWN), the downline has an active one whose
 *   rate is not lower (CONTRACT_OVERLAP), or with the downline's other contracts the rates could
 *   pay more than the brand's share of the house's expected win (CONTRACT_ABOVE_EDGE; docs/agents.md
 *   "Bounded by the house edge": also checked at the accept and on the operator's platform
 *   contract). A pending offer of the same kind to that downline is cancelled by the new one.
 *   `requestId`: a retry makes one offer.
 * - `accept` / `reject`: the downline answers the pending request `requestNo` (new or
 *   termination). Accepting a new contract cancels the active one it replaces.
 * - `terminate`: the upline asks to end an active contract (a termination request the downline
 *   answers).
 */
/** A request's or contract's number (serial ids). */
const serialIdSchema = z
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);

function contractActionBody<T extends z.ZodType>(terms: T) {
  // One object per action (literal discriminators): an answer names its action exactly.
  return z.discriminatedUnion('action', [
    z.object({
      action: z.literal('offer'),
      username: z.string().trim().min(1).max(64),
      terms,
      requestId: requestIdSchema,
    }),
    z.object({ action: z.literal('accept'), requestNo: serialIdSchema }),
    z.object({ action: z.literal('reject'), requestNo: serialIdSchema }),
    z.object({ action: z.literal('terminate'), contractId: serialIdSchema }),
  ]);
}
export const dailyContractActionSchema = contractActionBody(dailyTermsSchema);
export const hourlyContractActionSchema = contractActionBody(hourlyTermsSchema);
export const realtimeContractActionSchema = contractActionBody(realtimeTermsSchema);
export const dividendContractActionSchema = contractActionBody(dividendTermsSchema);

/** What a request to answer is, per kind: null none, else the kind of the pending request. */
const requestTypeSchema = contractRequestKindSchema.nullable();

/** Spec 3 consolidated contract info, for the badge and the wage pages. */
export const consolidatedValueSchema = z.object({
  /** Daily wage: the kind of request waiting for the caller's answer, if any. */
  dailysalreqtype: requestTypeSchema,
  /** Dividend. */
  divtypereq: requestTypeSchema,
  /** Hourly salary. */
  contracthoursalreq: requestTypeSchema,
  /** Real-time salary. */
  realtimesalreqtype: requestTypeSchema,
  /** Requests waiting for the caller's answer, all kinds (the badge). */
  pendingCount: z.number().int(),
  /** The caller's own active contract of each kind (null: none). */
  contracts: z.object({
    daily: contractSchema.nullable(),
    hourly: contractSchema.nullable(),
    realtime: contractSchema.nullable(),
    dividend: contractSchema.nullable(),
  }),
});
export type ConsolidatedValue = z.infer<typeof consolidatedValueSchema>;

const pageNo = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(20);
const usernameQuery = z.string().trim().min(1).max(64);
const periodQuery = {
  /** ms since epoch, inclusive. Default: midnight (UTC) six days before today. */
  from: epochMsSchema.optional(),
  /** ms since epoch, exclusive. Default: now. At most 92 days after `from`. */
  to: epochMsSchema.optional(),
};

export const contractListQuerySchema = z.object({
  kind: wageKindSchema.optional(),
  /** `mine`: the caller's own contracts (as the paid side); `team`: those the caller offered. */
  scope: z.enum(['mine', 'team']).default('mine'),
  status: contractStatusSchema.optional(),
  pageNo,
  pageSize,
});

/** Team figures of a period (agentTeamOverview). */
const teamFiguresSchema = z.object({
  newMembers: z.number().int(),
  activeMembers: z.number().int(),
  /** Members who deposited for the first time in the period. */
  firstDeposits: z.number().int(),
  deposits: decimalAmountSchema,
  withdrawals: decimalAmountSchema,
  bet: decimalAmountSchema,
  win: decimalAmountSchema,
  /** The team's win − bet: negative is the team's loss. */
  profit: decimalAmountSchema,
});

export const teamOverviewValueSchema = z.object({
  /** The whole team now (the caller excluded): accounts, of which agents. */
  teamSize: z.number().int(),
  agents: z.number().int(),
  directMembers: z.number().int(),
  /** The team's main wallets now, summed. */
  teamBalance: decimalAmountSchema,
  totals: teamFiguresSchema,
  /** Every day of the period (UTC), oldest first, zeros included: the charts' points. */
  days: z.array(teamFiguresSchema.extend({ day: z.string() })),
  from: z.number(),
  to: z.number(),
  currency: z.string(),
});
export type TeamOverviewValue = z.infer<typeof teamOverviewValueSchema>;

export const downlineKindSchema = z.enum(['member', 'agent']);

export const registerDownlineBodySchema = z.object({
  /** Checked with the brand's registration rules for usernames and passwords. */
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  confirmPassword: z.string().min(1).max(128),
  kind: downlineKindSchema,
  /** For an agent: its type (spec 6: 1, 2, 41, 42; default 1). */
  agentType: z.union([z.literal(1), z.literal(2), z.literal(41), z.literal(42)]).optional(),
  nickname: z.string().trim().max(32).optional(),
  /**
   * The downline's mobile number (unique among accounts: MOBILE_TAKEN), so it can reset its password
   * by SMS; the agent centre asks for it. The account changes the password and sets its own payment
   * password at its first login (PAYMENT_PASSWORD_SETUP_REQUIRED until then).
   */
  mobileNum: mobileNumSchema.optional(),
  countryDialingCode: countryDialingCodeSchema.optional(),
});

export const downlineSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  /** 0 player, 1/2/41/42 agent. */
  type: z.number().int(),
  status: z.enum(['active', 'disabled']),
  /** 1 = a direct downline of the caller, 2 = of a direct downline, … */
  level: z.number().int(),
  /** The account's own upline (its parent in the tree). */
  upline: z.string(),
  directCount: z.number().int(),
  teamSize: z.number().int(),
  balance: decimalAmountSchema,
  createdAt: z.number(),
  lastLoginAt: z.number().nullable(),
});
export type Downline = z.infer<typeof downlineSchema>;

export const affiliateLinkSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: downlineKindSchema,
  /** The registration address on the member site with the code (`/register?affiliateCode=…`). */
  url: z.string(),
  /** The address as a QR code (PNG data URL). */
  qrCode: z.string(),
  registrations: z.number().int(),
  createdAt: z.number(),
});

export const wageStatuses = ['issued', 'partial', 'insufficient', 'not_reached'] as const;
export const wageStatusSchema = z.enum(wageStatuses);
export type WageStatus = z.infer<typeof wageStatusSchema>;

/**
 * One wage line (agentDailyWages2, agentHourSalary, agentRealtimeSalary, agentDividendRecordCopy2):
 * what one agent was due for one contract and one period, and what was paid.
 */
export const wageLineSchema = z.object({
  /** Decimal digits (a bigint id). */
  id: z.string(),
  kind: wageKindSchema,
  /** 'D:2026-11-26', 'H:2026-11-26T13', 'R:2026-11-26T13:05' (the 5-minute slot), 'W:2026-11-23', 'M:2026-11'… */
  periodKey: z.string(),
  /** The period, ms since epoch, `to` exclusive. */
  from: z.number(),
  to: z.number(),
  contractId: z.number().int(),
  /** The paid agent. */
  member: z.string(),
  /** Who paid: the upline's username, or null for the platform. */
  payer: z.string().nullable(),
  /** The team's valid betting and active members in the period (daily, hourly, dividend). */
  teamBet: decimalAmountSchema,
  activeMembers: z.number().int(),
  /** Real-time: stakes of the team's won and lost lottery bets (at least the single bet amount). */
  winStake: decimalAmountSchema,
  lossStake: decimalAmountSchema,
  /** Dividend on loss: the team's net loss (bets − wins − wages) of the period. */
  basisAmount: decimalAmountSchema,
  /** The rate applied (percent); real-time: win and loss rates. */
  rate: z.string(),
  winRate: z.string().nullable(),
  lossRate: z.string().nullable(),
  winWage: decimalAmountSchema,
  lossWage: decimalAmountSchema,
  /** What the contract gives for the period, and what was paid (less when the payer lacked it). */
  due: decimalAmountSchema,
  paid: decimalAmountSchema,
  status: wageStatusSchema,
  /** Real-time: the lottery games and rounds (numeros) it came from. */
  parts: z.array(
    z.object({
      gameCode: z.string(),
      numero: z.string(),
      winStake: decimalAmountSchema,
      lossStake: decimalAmountSchema,
      winWage: decimalAmountSchema,
      lossWage: decimalAmountSchema,
    }),
  ),
  createdAt: z.number(),
});
export type WageLine = z.infer<typeof wageLineSchema>;

export const wageListQuerySchema = z.object({
  kind: wageKindSchema,
  /** `received`: the caller's own wages; `paid`: those the caller paid to downlines. */
  scope: z.enum(['received', 'paid']).default('received'),
  status: wageStatusSchema.optional(),
  /** Only a downline's (scope paid). */
  username: usernameQuery.optional(),
  ...periodQuery,
  pageNo,
  pageSize,
});

export const wageSourceSchema = z.object({
  account: z.string(),
  gameName: z.string(),
  vassalage: z.string(),
  roundId: z.string(),
  bet: decimalAmountSchema,
  win: decimalAmountSchema,
  /** How the round counts: 'bet' (valid betting), 'win' / 'loss' (a real-time stake). */
  counted: z.enum(['bet', 'win', 'loss']),
  settledAt: z.number(),
});

export const profitLossLineSchema = z.object({
  account: z.string(),
  type: z.number().int(),
  level: z.number().int(),
  rounds: z.number().int(),
  bet: decimalAmountSchema,
  win: decimalAmountSchema,
  profit: decimalAmountSchema,
  deposits: decimalAmountSchema,
  withdrawals: decimalAmountSchema,
  /** Wages and dividends the account received in the period. */
  wages: decimalAmountSchema,
});

export const revenueSources = ['daily', 'hourly', 'realtime', 'dividend', 'transfer'] as const;
export const revenueSourceSchema = z.enum(revenueSources);

const revenueBySource = z.array(
  z.object({ source: revenueSourceSchema, amount: decimalAmountSchema, count: z.number().int() }),
);

export const teamTransactionSchema = z.object({
  entryId: z.number().int(),
  account: z.string(),
  kind: recordKindSchema,
  amount: decimalAmountSchema,
  balanceAfter: decimalAmountSchema,
  createdAt: z.number(),
  /** Short words from the entry (counterparty, game, wage period). */
  remark: z.string(),
});

export const agentCalls = {
  agentConsolidated: defineCall({
    id: 'agentConsolidated',
    method: 'GET',
    path: '/wps/member/info/funds/consolidated',
    auth: 'agent',
    encrypted: false,
    summary: 'Consolidated contract info: requests waiting for my answer per kind, and my active contracts',
    tag: 'agent',
    value: consolidatedValueSchema,
  }),
  dailyContract: defineCall({
    id: 'MCS2_processDailySalContract',
    method: 'POST',
    path: '/wps/relay/MCS2_processDailySalContract',
    auth: 'agent',
    encrypted: false,
    summary: 'Daily wage contract: offer (upline), accept or reject (downline), terminate (upline)',
    tag: 'agent',
    body: dailyContractActionSchema,
    value: contractSchema,
  }),
  hourlyContract: defineCall({
    id: 'MCS2_processContractHourSalary',
    method: 'POST',
    path: '/wps/relay/MCS2_processContractHourSalary',
    auth: 'agent',
    encrypted: false,
    summary: 'Hourly salary contract: offer, accept or reject, terminate',
    tag: 'agent',
    body: hourlyContractActionSchema,
    value: contractSchema,
  }),
  realtimeContract: defineCall({
    id: 'MCSFE_processRealTimeSalaryContract',
    method: 'POST',
    path: '/wps/relay/MCSFE_processRealTimeSalaryContract',
    auth: 'agent',
    encrypted: false,
    summary:
      'Real-time salary contract (win rate, loss rate, single bet amount): offer, accept or reject, terminate',
    tag: 'agent',
    body: realtimeContractActionSchema,
    value: contractSchema,
  }),
  dividendContract: defineCall({
    id: 'MCS2_processDividendReq',
    method: 'POST',
    path: '/wps/relay/MCS2_processDividendReq',
    auth: 'agent',
    encrypted: false,
    summary: 'Dividend contract (basis, tiers, period D/W/H/M): offer, accept or reject, terminate',
    tag: 'agent',
    body: dividendContractActionSchema,
    value: contractSchema,
  }),
  agentContracts: defineCall({
    id: 'agentContracts',
    method: 'GET',
    path: '/wps/agent/contracts',
    auth: 'agent',
    encrypted: false,
    summary: 'My contracts, or those I offered to my team, newest first',
    tag: 'agent',
    query: contractListQuerySchema,
    value: z.object({ list: z.array(contractSchema), ...pagedValueFields }),
  }),
  agentTeamOverview: defineCall({
    id: 'agentTeamOverview',
    method: 'GET',
    path: '/wps/agent/team/overview',
    auth: 'agent',
    encrypted: false,
    summary: 'Team size, new and active members, deposits, withdrawals, bets, wins, P&L per day of a period',
    tag: 'agent',
    query: z.object(periodQuery),
    value: teamOverviewValueSchema,
  }),
  agentRegisterDownline: defineCall({
    id: 'agentRegisterDownline',
    method: 'POST',
    path: '/wps/agent/downline/register',
    auth: 'agent',
    encrypted: true,
    summary: 'Open a direct downline account (player or agent) with a username and password',
    tag: 'agent',
    body: registerDownlineBodySchema,
    value: downlineSchema,
  }),
  agentLinks: defineCall({
    id: 'agentLinks',
    method: 'GET',
    path: '/wps/agent/links',
    auth: 'agent',
    encrypted: false,
    summary: 'My affiliate links (one per kind and more on request), with their QR codes and registrations',
    tag: 'agent',
    value: z.array(affiliateLinkSchema),
  }),
  agentCreateLink: defineCall({
    id: 'agentCreateLink',
    method: 'POST',
    path: '/wps/agent/links',
    auth: 'agent',
    encrypted: false,
    summary: 'A new affiliate link: registrations through it join my team as players or as agents',
    tag: 'agent',
    body: z.object({ kind: downlineKindSchema }),
    value: affiliateLinkSchema,
  }),
  agentDownlines: defineCall({
    id: 'agentDownlines',
    method: 'GET',
    path: '/wps/agent/downlines',
    auth: 'agent',
    encrypted: false,
    summary:
      "Team management: a downline's direct downlines (mine by default), or a search over my whole team",
    tag: 'agent',
    query: z.object({
      /** Whose direct downlines (default: the caller's). */
      parent: usernameQuery.optional(),
      /** Search the whole team by username (starts with, case-insensitive). */
      username: usernameQuery.optional(),
      kind: downlineKindSchema.optional(),
      status: z.enum(['active', 'disabled']).optional(),
      pageNo,
      pageSize,
    }),
    value: z.object({
      list: z.array(downlineSchema),
      /** From the caller down to `parent` (breadcrumbs), the caller first. */
      path: z.array(z.string()),
      ...pagedValueFields,
    }),
  }),
  agentDownlineDetail: defineCall({
    id: 'agentDownlineDetail',
    method: 'GET',
    path: '/wps/agent/downline',
    auth: 'agent',
    encrypted: false,
    summary: "One downline: account, balance, team, this month's figures and its contracts",
    tag: 'agent',
    query: z.object({ username: usernameQuery }),
    value: z.object({
      downline: downlineSchema,
      /** From the caller down to this account, the caller first. */
      path: z.array(z.string()),
      month: teamFiguresSchema,
      contracts: z.array(contractSchema),
      currency: z.string(),
    }),
  }),
  agentDownlineStatus: defineCall({
    id: 'agentDownlineStatus',
    method: 'POST',
    path: '/wps/agent/downline/status',
    auth: 'agent',
    encrypted: false,
    summary: 'Disable (ends its sessions) or enable a downline account of my team',
    tag: 'agent',
    body: z.object({ username: usernameQuery, status: z.enum(['active', 'disabled']) }),
    value: downlineSchema,
  }),
  agentTeamBetting: defineCall({
    id: 'agentTeamBetting',
    method: 'GET',
    path: '/wps/agent/team/bets',
    auth: 'agent',
    encrypted: false,
    summary: "Team betting: my team's rounds by member, game category and period, with totals",
    tag: 'agent',
    query: z.object({
      username: usernameQuery.optional(),
      gameType: gameCategorySchema.optional(),
      ...periodQuery,
      pageNo,
      pageSize,
      language: languageCodeSchema.optional(),
    }),
    value: z.object({
      list: z.array(bettingRecordLineSchema.extend({ account: z.string() })),
      totals: roundTotalsSchema,
      ...pagedValueFields,
      currency: z.string(),
    }),
  }),
  agentProfitLoss: defineCall({
    id: 'agentProfitLoss',
    method: 'GET',
    path: '/wps/agent/team/pal',
    auth: 'agent',
    encrypted: false,
    summary:
      'User profit and loss: per account of my team (or one), bets, wins, P&L, deposits, withdrawals, wages',
    tag: 'agent',
    query: z.object({ username: usernameQuery.optional(), ...periodQuery, pageNo, pageSize }),
    value: z.object({
      list: z.array(profitLossLineSchema),
      totals: profitLossLineSchema.omit({ account: true, type: true, level: true }),
      ...pagedValueFields,
      currency: z.string(),
    }),
  }),
  agentRevenue: defineCall({
    id: 'agentRevenue',
    method: 'GET',
    path: '/wps/agent/revenue',
    auth: 'agent',
    encrypted: false,
    summary: 'My income by source (wages of each kind, dividends, transfers from my team) and by day',
    tag: 'agent',
    query: z.object(periodQuery),
    value: z.object({
      bySource: revenueBySource,
      total: decimalAmountSchema,
      /** Days with income, oldest first. */
      days: z.array(z.object({ day: z.string(), total: decimalAmountSchema, bySource: revenueBySource })),
      from: z.number(),
      to: z.number(),
      currency: z.string(),
    }),
  }),
  agentTeamTransactions: defineCall({
    id: 'agentTeamTransactions',
    method: 'GET',
    path: '/wps/agent/team/transactions',
    auth: 'agent',
    encrypted: false,
    summary: "Account details: the ledger lines of my team's main wallets, newest first",
    tag: 'agent',
    query: z.object({
      username: usernameQuery.optional(),
      kind: recordKindSchema.optional(),
      ...periodQuery,
      pageNo,
      pageSize,
    }),
    value: z.object({ list: z.array(teamTransactionSchema), ...pagedValueFields, currency: z.string() }),
  }),
  agentWages: defineCall({
    id: 'agentWages',
    method: 'GET',
    path: '/wps/agent/wages',
    auth: 'agent',
    encrypted: false,
    summary: 'Wage lines of one kind: mine, or those I paid to my team, newest first, with totals',
    tag: 'agent',
    query: wageListQuerySchema,
    value: z.object({
      list: z.array(wageLineSchema),
      totals: z.object({ due: decimalAmountSchema, paid: decimalAmountSchema }),
      ...pagedValueFields,
      currency: z.string(),
    }),
  }),
  agentWageSources: defineCall({
    id: 'agentWageSources',
    method: 'GET',
    path: '/wps/agent/wages/sources',
    auth: 'agent',
    encrypted: false,
    summary: 'The rounds one wage line came from (mine, or one I paid), with sums equal to the line',
    tag: 'agent',
    query: z.object({
      /** A wage line's id (decimal digits: wage lines are many, ids are bigint). */
      wageId: z
        .string()
        .trim()
        .max(18)
        .regex(/^[1-9][0-9]*$/, 'a wage line id'),
      pageNo,
      pageSize,
    }),
    value: z.object({
      list: z.array(wageSourceSchema),
      totals: z.object({
        bet: decimalAmountSchema,
        winStake: decimalAmountSchema,
        lossStake: decimalAmountSchema,
      }),
      ...pagedValueFields,
      currency: z.string(),
    }),
  }),
  operatorAgentContract: defineCall({
    id: 'operatorAgentContract',
    method: 'POST',
    path: '/api/operator/agents/contracts',
    auth: 'operator',
    encrypted: false,
    summary:
      "Set a top agent's contract with the platform (active at once; replaces the active one of its kind)",
    tag: 'operator',
    body: z.intersection(z.object({ username: usernameQuery }), contractTermsSchema),
    value: contractSchema,
  }),
};
