import { z } from 'zod';
import { defineCall } from '../define.ts';
import { requiredText, text } from '../accounts/fields.ts';
import { INT4_MAX } from '../input-rules.ts';
import { operatorReasonSchema } from './operators.ts';
import type { OperatorPermission } from './roles.ts';

/**
 * The back office's players and agents (issue 15, item 3): search, a member's page (profile,
 * balances per wallet, limits, upline, an agent's team and contracts), the member's activity
 * (sessions, logins, deposits, withdrawals, rounds, bonuses), status changes with a reason (ending
 * the member's web and game sessions), ending sessions, and operators' notes.
 *
 * Every text here that a member typed (nickname, references …) is plain data: the back office
 * renders it as text.
 */

const memberIdSchema = z.coerce.number().int().min(1).max(INT4_MAX);
const pageSchema = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSizeSchema = z.coerce.number().int().min(1).max(100).default(20);

export const memberStatusSchema = z.enum(['active', 'locked', 'disabled', 'self_excluded']);
export type MemberStatusValue = z.infer<typeof memberStatusSchema>;
/** What an operator may set (self-exclusion is the player's own). */
export const operatorSettableStatusSchema = z.enum(['active', 'locked', 'disabled']);

/** player (type 0), agent (1, 2, 41, 42), trial (4). */
export const memberKindSchema = z.enum(['player', 'agent', 'trial']);
export type MemberKind = z.infer<typeof memberKindSchema>;

/** The search text (a username prefix, a mobile number, an id or an IP address). */
export const playerSearchTextSchema = requiredText(64);
/** An operator's note on a member. */
export const playerNoteTextSchema = requiredText(2000);

export const playerSearchKinds = ['username', 'mobile', 'id', 'ip'] as const;
export const playerSearchKindSchema = z.enum(playerSearchKinds);

export const playerSummarySchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  /** The spec's account type: 0 player, 1/2/41/42 agents, 4 trial. */
  type: z.number().int(),
  kind: memberKindSchema,
  status: memberStatusSchema,
  mobile: z.string().nullable(),
  registeredAt: z.number(),
  lastLoginAt: z.number().nullable(),
  /** What the member can play with (main, bonus, trial wallets), in major units. */
  balance: z.string(),
  currency: z.string(),
});
export type PlayerSummary = z.infer<typeof playerSummarySchema>;

export const playerProfileSchema = playerSummarySchema.extend({
  email: z.string().nullable(),
  payeeName: z.string().nullable(),
  registerIp: z.string().nullable(),
  registerMethod: z.string().nullable(),
  registerDomain: z.string().nullable(),
  rankLevel: z.number().int(),
  labels: z.array(z.string()),
  twoFactorOn: z.boolean(),
  statusReason: z.string().nullable(),
  statusChangedAt: z.number().nullable(),
});
export type PlayerProfile = z.infer<typeof playerProfileSchema>;

const limitSchema = z.object({
  current: z.string().nullable(),
  pending: z.object({ amount: z.string().nullable(), from: z.number() }).nullable(),
  used: z.string(),
});

export const playerDetailSchema = z.object({
  profile: playerProfileSchema,
  balance: z.object({
    sumBalance: z.string(),
    totalBalance: z.string(),
    gameWallets: z.string(),
    held: z.string(),
    currency: z.string(),
    wallets: z.array(z.object({ kind: z.string(), vendor: z.string().nullable(), balance: z.string() })),
  }),
  /** The member's own deposit limits (responsible gaming), per rolling period. */
  limits: z.object({ deposit: z.object({ day: limitSchema, week: limitSchema, month: limitSchema }) }),
  /** From the direct upline to the top. */
  upline: z.array(z.object({ id: z.number().int(), account: z.string(), type: z.number().int() })),
  /** Agents only: the team and the wage contracts. */
  agent: z
    .object({
      directCount: z.number().int(),
      teamCount: z.number().int(),
      contracts: z.array(
        z.object({
          id: z.number().int(),
          kind: z.string(),
          status: z.string(),
          /** Who pays: the upline's account, null for the platform. */
          payer: z.string().nullable(),
          maxRateBp: z.number().int(),
          terms: z.unknown(),
          createdAt: z.number(),
          startedAt: z.number().nullable(),
          endedAt: z.number().nullable(),
        }),
      ),
    })
    .nullable(),
  counts: z.object({
    deposits: z.number().int(),
    withdrawals: z.number().int(),
    rounds: z.number().int(),
    liveSessions: z.number().int(),
    notes: z.number().int(),
  }),
});
export type PlayerDetail = z.infer<typeof playerDetailSchema>;

export const playerActivityKinds = [
  'sessions',
  'logins',
  'deposits',
  'withdrawals',
  'rounds',
  'bonuses',
] as const;
export const playerActivityKindSchema = z.enum(playerActivityKinds);
export type PlayerActivityKind = z.infer<typeof playerActivityKindSchema>;

const sessionRowSchema = z.object({
  id: z.number().int(),
  site: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
  /** Revoked, or its absolute end; null while it may still be used. */
  endedAt: z.number().nullable(),
  live: z.boolean(),
});
const loginRowSchema = z.object({
  at: z.number(),
  site: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
/** The decision of a deposit's or withdrawal's row: why, by whom, when asked and when decided. */
const decisionRowFields = {
  reason: z.string().nullable(),
  decidedBy: z.string().nullable(),
  createdAt: z.number(),
  decidedAt: z.number().nullable(),
};
const depositRowSchema = z.object({
  id: z.number().int(),
  method: z.string(),
  kind: z.string(),
  amount: z.string(),
  fee: z.string(),
  currency: z.string(),
  status: z.string(),
  reference: z.string().nullable(),
  ...decisionRowFields,
});
const withdrawalRowSchema = z.object({
  id: z.number().int(),
  amount: z.string(),
  currency: z.string(),
  status: z.string(),
  ...decisionRowFields,
});
const roundRowSchema = z.object({
  id: z.number().int(),
  /** The vendor's code (for a search with the vendor); pages show `vendorName`. */
  vendor: z.string(),
  /** The vendor's name: its catalogue name, a product's own ("Fast Lottery"), else its code. */
  vendorName: z.string(),
  /** The game's English name, or null when the game left the catalogue. */
  gameName: z.string().nullable(),
  /** The vendor's round id; a lottery bet's is L and its bet number ("L320"). */
  roundId: z.string(),
  gameType: z.string(),
  currency: z.string(),
  bet: z.string(),
  win: z.string(),
  status: z.string(),
  startedAt: z.number(),
  settledAt: z.number().nullable(),
});
/** Bonus lines of the member's ledger (entries of kind `bonus`). */
const bonusRowSchema = z.object({
  entryId: z.number().int(),
  at: z.number(),
  wallet: z.string(),
  amount: z.string(),
  balanceAfter: z.string(),
  remark: z.string().nullable(),
});

const paged = { total: z.number().int(), page: z.number().int(), pageSize: z.number().int() };

export const playerActivitySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sessions'), items: z.array(sessionRowSchema), ...paged }),
  z.object({ kind: z.literal('logins'), items: z.array(loginRowSchema), ...paged }),
  z.object({ kind: z.literal('deposits'), items: z.array(depositRowSchema), ...paged }),
  z.object({ kind: z.literal('withdrawals'), items: z.array(withdrawalRowSchema), ...paged }),
  z.object({ kind: z.literal('rounds'), items: z.array(roundRowSchema), ...paged }),
  z.object({ kind: z.literal('bonuses'), items: z.array(bonusRowSchema), ...paged }),
]);
export type PlayerActivity = z.infer<typeof playerActivitySchema>;

export const playerNoteSchema = z.object({
  id: z.number().int(),
  at: z.number(),
  operator: z.string(),
  text: z.string(),
});
export type PlayerNote = z.infer<typeof playerNoteSchema>;

export const playerStatusValueSchema = z.object({
  id: z.number().int(),
  status: memberStatusSchema,
  statusReason: z.string().nullable(),
  statusChangedAt: z.number().nullable(),
});

/** The back office's players calls (issue 15). */
export const playersAdminCalls = {
  operatorPlayerSearch: defineCall({
    id: 'operatorPlayerSearch',
    method: 'GET',
    path: '/api/operator/players',
    auth: 'operator',
    encrypted: false,
    summary:
      'Find members and agents by username (prefix, any case), mobile, id, or IP (registration or any session)',
    tag: 'operator',
    query: z.object({
      by: playerSearchKindSchema.default('username'),
      q: playerSearchTextSchema,
      page: pageSchema,
      pageSize: pageSizeSchema,
    }),
    value: z.object({ items: z.array(playerSummarySchema), ...paged }),
  }),
  operatorPlayer: defineCall({
    id: 'operatorPlayer',
    method: 'GET',
    path: '/api/operator/players/detail',
    auth: 'operator',
    encrypted: false,
    summary:
      "A member's page: profile, status, balance per wallet, limits, upline, an agent's team and contracts, counts",
    tag: 'operator',
    query: z.object({ id: memberIdSchema }),
    value: playerDetailSchema,
  }),
  operatorPlayerActivity: defineCall({
    id: 'operatorPlayerActivity',
    method: 'GET',
    path: '/api/operator/players/activity',
    auth: 'operator',
    encrypted: false,
    summary: "A member's sessions, logins, deposits, withdrawals, rounds or bonuses, newest first, paged",
    tag: 'operator',
    query: z.object({
      id: memberIdSchema,
      kind: playerActivityKindSchema,
      page: pageSchema,
      pageSize: pageSizeSchema,
    }),
    value: playerActivitySchema,
  }),
  operatorPlayerSetStatus: defineCall({
    id: 'operatorPlayerSetStatus',
    method: 'POST',
    path: '/api/operator/players/status',
    auth: 'operator',
    encrypted: false,
    summary:
      "Lock, disable or reactivate a member with a reason; any status but active ends the member's web and game sessions",
    tag: 'operator',
    body: z.object({
      id: memberIdSchema,
      status: operatorSettableStatusSchema,
      reason: operatorReasonSchema,
    }),
    value: playerStatusValueSchema,
  }),
  operatorPlayerEndSessions: defineCall({
    id: 'operatorPlayerEndSessions',
    method: 'POST',
    path: '/api/operator/players/sessions/end',
    auth: 'operator',
    encrypted: false,
    summary: "End every session of a member: the site's and the games' (the member logs in again)",
    tag: 'operator',
    body: z.object({ id: memberIdSchema, reason: text(500).optional() }),
    value: z.object({ ended: z.number().int() }),
  }),
  operatorPlayerNotes: defineCall({
    id: 'operatorPlayerNotes',
    method: 'GET',
    path: '/api/operator/players/notes',
    auth: 'operator',
    encrypted: false,
    summary: "Operators' notes on a member, newest first",
    tag: 'operator',
    query: z.object({ id: memberIdSchema }),
    value: z.array(playerNoteSchema),
  }),
  operatorPlayerAddNote: defineCall({
    id: 'operatorPlayerAddNote',
    method: 'POST',
    path: '/api/operator/players/notes/add',
    auth: 'operator',
    encrypted: false,
    summary: 'Add a note on a member (kept, with who wrote it and when)',
    tag: 'operator',
    body: z.object({ id: memberIdSchema, text: playerNoteTextSchema }),
    value: playerNoteSchema,
  }),
};

/** The permission each of these calls needs (call-permissions.ts). */
export const playersAdminCallPermissions: Record<keyof typeof playersAdminCalls, OperatorPermission> = {
  operatorPlayerSearch: 'players.read',
  operatorPlayer: 'players.read',
  operatorPlayerActivity: 'players.read',
  operatorPlayerSetStatus: 'players.status',
  operatorPlayerEndSessions: 'players.sessions',
  operatorPlayerNotes: 'players.read',
  operatorPlayerAddNote: 'players.notes',
};
