import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, singleUse } from '../../db/columns.ts';
import { operatorRoles } from '@khela/contract';

/**
 * The players' accounts: players (type 0), agents (1, 2, 41, 42) and trial accounts (4). Operators
 * (back-office staff) are apart, in `operators` (operators.tables.ts). Usernames are unique without
 * regard to case, across both tables (members.repository.ts accountNameTaken).
 */
export const memberStatuses = ['active', 'locked', 'disabled', 'self_excluded'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

export const members = pgTable(
  'members',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account: text('account').notNull(),
    nickname: text('nickname').notNull(),
    /** 0 player, 1/2/41/42 agent kinds, 4 trial (spec 6, 9). */
    type: smallint('type').notNull().default(0),
    /**
     * 'operator' marks the row of an operator moved to `operators` by migration 0031 (kept, disabled
     * and without credentials, so its id and name stay taken). No member login or session accepts a
     * row that is not 'player'; and the mark grants nothing: operator checks never read this table.
     */
    role: text('role', { enum: ['player', 'operator'] })
      .notNull()
      .default('player'),
    /**
     * active; locked (an operator's hold, lifted by an operator), disabled (closed by an operator),
     * self_excluded (the player's own exclusion): only active accounts log in and play.
     */
    status: text('status', { enum: memberStatuses }).notNull().default('active'),
    /** The operator's reason for the last status change (back office). */
    statusReason: text('status_reason'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /** The back-office role the row had before migration 0031 moved operators out (history only). */
    operatorRole: text('operator_role', { enum: operatorRoles }),
    uplineId: bigint('upline_id', { mode: 'number' }),
    /** An agent's own invitation code (GET /wps/agent/affiliate); null for others. */
    affiliateCode: text('affiliate_code'),
    /** `scrypt$N$r$p$salt$hash`; null for trial and SMS-only accounts. */
    passwordHash: text('password_hash'),
    paymentPasswordHash: text('payment_password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by the operator or the demo seed ('123456'): the next login opens the change dialog. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * Opened by its upline (agent centre, register account): after the forced password change the
     * account must set its own payment password before anything else (authorize.ts), so the upline
     * that typed the first password cannot go on using the account (issue 38).
     */
    mustSetPaymentPassword: boolean('must_set_payment_password').notNull().default(false),
    /** E.164; unique among accounts that have one. */
    mobile: text('mobile'),
    countryDialingCode: text('country_dialing_code'),
    email: text('email'),
    payeeName: text('payee_name'),
    qqNum: text('qq_num'),
    line: text('line'),
    whatsapp: text('whatsapp'),
    facebook: text('facebook'),
    wechat: text('wechat'),
    idNumber: text('id_number'),
    recommenderId: text('recommender_id'),
    referralCode: text('referral_code'),
    registerUrl: text('register_url'),
    registerDomain: text('register_domain'),
    registerMethod: text('register_method'),
    registerIp: text('register_ip'),
    memberLabels: text('member_labels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Trial accounts play with demo funds only (the wallet issue gives them balances). */
    demoFunds: boolean('demo_funds').notNull().default(false),
    firstLoginDoneAt: timestamp('first_login_done_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** The login before the last one: what member info shows as the previous login. */
    previousLoginAt: timestamp('previous_login_at', { withTimezone: true }),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Base32 TOTP secret once enrolment is confirmed; pending until then. */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastTimeStep: integer('totp_last_time_step'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('members_account_key').on(sql`lower(${table.account})`),
    uniqueIndex('members_mobile_key').on(table.mobile),
    uniqueIndex('members_affiliate_code_key').on(sql`lower(${table.affiliateCode})`),
    index('members_upline_idx').on(table.uplineId),
  ],
);

/**
 * What each account confirmed and accepted, and when (issue 42 item 4, spec 5): the minimum age it
 * confirmed (the brand's at the time: 18 or 21) and the version of the terms it accepted. Written in
 * the registration's transaction; a later acceptance (new terms) adds a row, none is changed.
 */
export const memberAgreements = pgTable(
  'member_agreements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    minimumAge: smallint('minimum_age').notNull(),
    termsVersion: text('terms_version').notNull(),
    /** Where it was given: 'register', 'register_mobile', 'social'. */
    source: text('source').notNull(),
    ip: text('ip'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('member_agreements_member_idx').on(table.memberId, table.acceptedAt)],
);

/**
 * The columns a session table has after its owner (sessions here, operator_sessions in
 * operators.tables.ts): where the login came from, its times, and whether the password must change.
 */
export function sessionColumns() {
  return {
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * Opened by a login whose password must change ('123456', expired, or set by an operator):
     * good only for the password change, logout and member info (or, for an operator, that change
     * only) until then (authorize.ts).
     */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
  };
}

/**
 * Sessions: only the SHA-256 of the 256-bit token is kept. A session ends when revoked, after
 * SESSION_IDLE_MINUTES without a call, or SESSION_ABSOLUTE_HOURS after its login.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    site: text('site', { enum: ['member', 'agent', 'operator'] }).notNull(),
    ...sessionColumns(),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_member_idx').on(table.memberId),
  ],
);

/**
 * Devices an account has logged in from (a random token the browser keeps after a successful
 * login; only its SHA-256 here). Failed logins from a known device count apart from the address's,
 * so someone guessing from elsewhere cannot lock the owner out (login.service.ts).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('known_devices_token_key').on(table.tokenHash),
    index('known_devices_member_idx').on(table.memberId, table.lastUsedAt),
  ],
);

/**
 * The browsers an account registered or logged in from (issue 39 item 5; docs/promotions.md
 * "Referral"): the web keeps one random device id per browser, whoever logs in there, and sends it
 * with registration and login. Only its SHA-256 is kept, so a database reader learns nothing that
 * lets them pose as that browser. At most 20 per account (the least recently seen are forgotten).
 * Read by others only through `accounts_shared_device` (sql/): "have these two accounts used one
 * browser?" (refer a friend's `same_device` signal).
 */
export const accountDevices = pgTable(
  'account_devices',
  {
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // (member, device): the one lookup the shared-device question needs, from either account.
  (table) => [primaryKey({ columns: [table.memberId, table.deviceHash] })],
);

/** Reset links sent by mail: the token's hash, single use, expiring. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    ...singleUse(),
    createdAt: createdAt(),
  },
  (table) => [index('password_reset_tokens_member_idx').on(table.memberId)],
);

/** A login waiting for its second step (TOTP or recovery code). */
export const twoFactorChallenges = pgTable('two_factor_challenges', {
  id: text('id').primaryKey(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  site: text('site', { enum: ['member', 'agent', 'operator'] }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  /**
   * The known device the password login came from (known_devices.id), or null: an operator's wrong
   * codes are counted across challenges and slow then lock the second step, except from a known
   * device (issue 35, item 4; two-factor.service.ts).
   */
  deviceId: bigint('device_id', { mode: 'number' }),
  ...singleUse(),
});

/** One-time recovery codes of the second step, hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('recovery_codes_member_idx').on(table.memberId)],
);

/**
 * Social sign-in identities (OpenID Connect). A link is permanent: one identity per provider and
 * account, one account per identity, and no call unlinks or moves it (spec 4).
 */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    email: text('email'),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('social_identities_subject_key').on(table.provider, table.subject),
    uniqueIndex('social_identities_member_key').on(table.memberId, table.provider),
  ],
);

/** An authorization request in flight: its state, PKCE verifier and nonce; single use, short-lived. */
export const socialStates = pgTable('social_states', {
  state: text('state').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  site: text('site', { enum: ['member', 'agent'] }).notNull(),
  ...singleUse(),
});

/**
 * A verified identity that no account has yet, waiting for the person to link it to their account
 * (with its password) or to open a new one. Only the ticket's hash is kept.
 */
export const socialTickets = pgTable('social_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  provider: text('provider').notNull(),
  subject: text('subject').notNull(),
  email: text('email'),
  site: text('site', { enum: ['member', 'agent'] }).notNull(),
  ...singleUse(),
});
