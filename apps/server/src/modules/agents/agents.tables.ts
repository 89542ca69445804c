import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  ContractRequestKind,
  ContractStatus,
  ContractTerms,
  WageKind,
  WageStatus,
} from '@khela/contract';
import { createdAt } from '../../db/columns.ts';

/**
 * Agents (issue 14, docs/agents.md): the hierarchy as a closure table, affiliate links, wage
 * contracts with their requests, and the wage lines the settlement jobs write (one per agent, kind
 * and period: paid exactly once). Amounts in minor units; rates in basis points (1/100 %).
 */

/**
 * Every (ancestor, descendant) pair of the upline tree, with each account as its own ancestor at
 * depth 0: an agent's team is `descendant_id` of the rows whose `ancestor_id` is the agent. Kept by
 * triggers on `members` (insert, and a change of `upline_id`: drizzle/0018_agent_tree.sql), so no
 * code path that opens an account can forget it.
 */
export const memberTree = pgTable(
  'member_tree',
  {
    ancestorId: bigint('ancestor_id', { mode: 'number' }).notNull(),
    descendantId: bigint('descendant_id', { mode: 'number' }).notNull(),
    depth: integer('depth').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.ancestorId, table.descendantId] }),
    index('member_tree_descendant_idx').on(table.descendantId, table.depth),
  ],
);

/**
 * An agent's affiliate links: registering with the code on the member site puts the new account
 * directly under the agent, as a player (`member`) or an agent (`agent`, type 1).
 */
export const agentLinks = pgTable(
  'agent_links',
  {
    id: serial('id').primaryKey(),
    agentId: bigint('agent_id', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['member', 'agent'] }).notNull(),
    registrations: integer('registrations').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('agent_links_code_key').on(sql`lower(${table.code})`),
    index('agent_links_agent_idx').on(table.agentId, table.id),
  ],
);

/**
 * A wage contract (spec 3, 4): who is paid (`memberId`), who pays (`uplineId`; null for the
 * platform: a top agent's contract, set by the operator), the terms (contract.ts shapes) and the
 * highest rate of the terms (`maxRateBp`, for the higher-rate and above-own rules). One active and
 * one pending contract per member and kind at most.
 */
export const agentContracts = pgTable(
  'agent_contracts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<WageKind>().notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    uplineId: bigint('upline_id', { mode: 'number' }),
    status: text('status').$type<ContractStatus>().notNull(),
    terms: jsonb('terms').$type<ContractTerms>().notNull(),
    maxRateBp: integer('max_rate_bp').notNull(),
    /** The offerer's request id: a retried offer finds its contract (null for the operator's). */
    requestId: text('request_id'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('agent_contracts_one_active')
      .on(table.memberId, table.kind)
      .where(sql`status = 'active'`),
    uniqueIndex('agent_contracts_one_pending')
      .on(table.memberId, table.kind)
      .where(sql`status = 'pending'`),
    uniqueIndex('agent_contracts_request_key').on(table.uplineId, table.requestId),
    index('agent_contracts_upline_idx').on(table.uplineId, table.id),
    index('agent_contracts_member_idx').on(table.memberId, table.id),
    check('agent_contracts_rate_range', sql`${table.maxRateBp} BETWEEN 0 AND 10000`),
  ],
);

/** Spec 4: a request on a contract (new or termination), answered by the downline once. */
export const agentContractRequests = pgTable(
  'agent_contract_requests',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id').notNull(),
    kind: text('kind').$type<ContractRequestKind>().notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'rejected', 'cancelled'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('agent_contract_requests_one_pending')
      .on(table.contractId)
      .where(sql`status = 'pending'`),
    index('agent_contract_requests_contract_idx').on(table.contractId, table.id),
  ],
);

/**
 * One wage line: what one agent was due under one contract for one period, and what the payer
 * paid (one journal entry, `entryId`; none when nothing was paid). The unique key (member, kind,
 * period) makes a settlement that runs twice pay once. Real-time lines cover a 5-minute slot and
 * list their lottery games and rounds in `agent_wage_parts`; the rounds behind any line are found
 * again from its period and the agent's team (agentWageSources).
 */
export const agentWages = pgTable(
  'agent_wages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').$type<WageKind>().notNull(),
    periodKey: text('period_key').notNull(),
    periodFrom: timestamp('period_from', { withTimezone: true }).notNull(),
    periodTo: timestamp('period_to', { withTimezone: true }).notNull(),
    contractId: integer('contract_id').notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    /** Null: the platform paid. */
    payerId: bigint('payer_id', { mode: 'number' }),
    currency: text('currency').notNull(),
    teamBet: bigint('team_bet', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    activeMembers: integer('active_members').notNull().default(0),
    winStake: bigint('win_stake', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    lossStake: bigint('loss_stake', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    basisAmount: bigint('basis_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    rateBp: integer('rate_bp').notNull().default(0),
    winRateBp: integer('win_rate_bp'),
    lossRateBp: integer('loss_rate_bp'),
    winWage: bigint('win_wage', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    lossWage: bigint('loss_wage', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    due: bigint('due', { mode: 'bigint' }).notNull(),
    paid: bigint('paid', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: text('status').$type<WageStatus>().notNull(),
    entryId: bigint('entry_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('agent_wages_period_key').on(table.memberId, table.kind, table.periodKey),
    index('agent_wages_member_idx').on(table.memberId, table.kind, table.id),
    index('agent_wages_payer_idx').on(table.payerId, table.kind, table.id),
    check('agent_wages_paid_range', sql`${table.paid} >= 0 AND ${table.paid} <= ${table.due}`),
  ],
);

/** A real-time wage line's lottery games and rounds (spec 9: per lottery game and round). */
export const agentWageParts = pgTable(
  'agent_wage_parts',
  {
    wageId: bigint('wage_id', { mode: 'number' }).notNull(),
    numeroId: bigint('numero_id', { mode: 'number' }).notNull(),
    gameCode: text('game_code').notNull(),
    numero: text('numero').notNull(),
    winStake: bigint('win_stake', { mode: 'bigint' }).notNull(),
    lossStake: bigint('loss_stake', { mode: 'bigint' }).notNull(),
    winWage: bigint('win_wage', { mode: 'bigint' }).notNull(),
    lossWage: bigint('loss_wage', { mode: 'bigint' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.wageId, table.numeroId] })],
);

/**
 * How far each settlement has gone: every period of `kind` ending at or before `settledTo` is
 * settled. The jobs go on from here (catch-up after downtime) instead of scanning from the start.
 */
export const agentWageRuns = pgTable('agent_wage_runs', {
  kind: text('kind').primaryKey(),
  settledTo: timestamp('settled_to', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
