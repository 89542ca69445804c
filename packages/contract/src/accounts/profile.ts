import { z } from 'zod';
import { defineCall } from '../define.ts';
import { okSchema } from './fields.ts';

/** The logged-in account as the pages show it: info, icon, avatar and the first-login mark. */

export const memberInfoSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  /** 0 player, 1/2/41/42 agent kinds, 4 trial. */
  type: z.number().int(),
  isAgent: z.number().int(),
  /** The upline's account name. */
  toUpline: z.string().nullable(),
  clubLabel: z.object({ labelName: z.string(), rankLevel: z.number().int() }),
  memberLabel: z.array(z.string()),
  /** The previous login's time (ms since epoch); null on the very first login. */
  lastLoginAt: z.number().nullable(),
  /** Masked, e.g. +880******5678. */
  mobileNum: z.string().nullable(),
  email: z.string().nullable(),
  affiliateCode: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  /** Whether withdrawals and transfers can be confirmed (setPaymentPassword sets one). */
  hasPaymentPassword: z.boolean(),
  /** Trial accounts play with demo funds that can never be withdrawn or transferred. */
  demoFunds: z.boolean(),
  passwordExpired: z.boolean(),
  firstTimeLogin: z.boolean(),
  /**
   * Opened by its upline and its own payment password not set yet: every other call answers
   * PAYMENT_PASSWORD_SETUP_REQUIRED until setPaymentPassword (the web opens the form at login).
   */
  paymentPasswordSetupRequired: z.boolean().optional(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

export const avatarSchema = z.object({
  /** A self-contained image (data URL), so no avatar store is needed. */
  avatarUrl: z.string(),
});

/** One login of the account (a session it opened), newest first: when, from where, on which site. */
export const loginHistoryEntrySchema = z.object({
  at: z.number(),
  /** The address the login came from, as the server saw it; null when unknown. */
  ip: z.string().nullable(),
  /** The browser's user agent (cut to 512 characters); null when none was sent. */
  device: z.string().nullable(),
  site: z.enum(['member', 'agent']),
  /** The session making this call. */
  current: z.boolean(),
  /** Still usable: not logged out, ended or idle past the limit. */
  active: z.boolean(),
});
export type LoginHistoryEntry = z.infer<typeof loginHistoryEntrySchema>;

export const profileCalls = {
  memberLoginHistory: defineCall({
    id: 'memberLoginHistory',
    method: 'GET',
    path: '/wps/member/logins',
    auth: 'realMember',
    encrypted: false,
    summary: "The account's last 20 logins (sessions it opened): time, address, browser, site",
    tag: 'accounts',
    value: z.object({ logins: z.array(loginHistoryEntrySchema) }),
  }),
  memberInfo: defineCall({
    id: 'memberInfo',
    method: 'GET',
    path: '/wps/member/info',
    auth: 'member',
    encrypted: false,
    summary: 'The logged-in account: id, account, nickname, type, upline, club and member labels',
    tag: 'accounts',
    value: memberInfoSchema,
  }),
  memberIcon: defineCall({
    id: 'memberIcon',
    method: 'GET',
    path: '/wps/member/info/icon',
    auth: 'member',
    encrypted: false,
    summary: "The account's icon",
    tag: 'accounts',
    value: avatarSchema,
  }),
  playerAvatar: defineCall({
    id: 'playerAvatar',
    method: 'GET',
    path: '/wps/relay/MCSFE_getPlayerAvatar',
    auth: 'member',
    encrypted: false,
    summary: "The player's avatar",
    tag: 'accounts',
    value: avatarSchema,
  }),
  firstLogin: defineCall({
    id: 'firstLogin',
    method: 'POST',
    path: '/wps/member/firstLogin',
    auth: 'member',
    encrypted: false,
    summary: 'Mark the first-login action done (firstTimeLogin becomes false)',
    tag: 'accounts',
    value: okSchema,
  }),
};
