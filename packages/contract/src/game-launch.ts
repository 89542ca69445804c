import { z } from 'zod';
import { defineCall } from './define.ts';
import { languageCodeSchema } from './system.ts';

/**
 * Game launch (spec 2 launch rules, spec 7 /wps/game/launchGame and GCS_gameLaunchFB) and the
 * operator's catalogue sync. Launching makes a one-time token the vendor exchanges for a wallet
 * session (docs/vendor-protocol.md) and answers the vendor's game URL.
 */

/**
 * Where the vendor's "back to lobby" button goes: a path on this site (`/rng`), or an absolute
 * http(s) URL of this site's own host. Anything else is refused (no open redirect through a vendor).
 */
const lobbyUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine(
    (value) => (value.startsWith('/') && !value.startsWith('//')) || /^https?:\/\/[^\s]+$/.test(value),
    'a path of this site or an http(s) URL',
  );

export const launchGameBodySchema = z.object({
  /** The game (games.node_id). */
  nodeId: z.number().int().min(1).max(2_147_483_647),
  /** The game's language; defaults to the Language header, then the brand default. */
  language: languageCodeSchema.optional(),
  theme: z.enum(['light', 'dark']).default('light'),
  /** Defaults to the home page. */
  lobbyUrl: lobbyUrlSchema.optional(),
});
export type LaunchGameBody = z.input<typeof launchGameBodySchema>;

export const launchKinds = ['iframe', 'redirect'] as const;

export const launchGameValueSchema = z.object({
  /** The vendor's game URL (spec: value.content), valid for one launch within 5 minutes. */
  content: z.string(),
  /** iframe: show it in /game; redirect: open it as the page (/seamless). */
  launchKind: z.enum(launchKinds),
});
export type LaunchGameValue = z.infer<typeof launchGameValueSchema>;

/** One vendor connection's part of a catalogue sync. */
export const vendorSyncResultSchema = z.object({
  vendorCode: z.string(),
  ok: z.boolean(),
  /** Why the sync failed (the vendor's catalogue is unchanged then). */
  error: z.string().nullable(),
  /** Games in the vendor's list. */
  listed: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  /** Games no longer listed, switched off (kept for the records). */
  disabled: z.number().int(),
  /** Lobby vendors (vendor cards) written. */
  lobbyVendors: z.number().int(),
});
export type VendorSyncResult = z.infer<typeof vendorSyncResultSchema>;

export const gameLaunchCalls = {
  launchGame: defineCall({
    id: 'launchGame',
    method: 'POST',
    path: '/wps/game/launchGame',
    auth: 'member',
    encrypted: false,
    summary:
      "Launch a game: a one-time session for the game's vendor, answered as the URL to open (trial accounts play from their demo wallet)",
    tag: 'games',
    body: launchGameBodySchema,
    value: launchGameValueSchema,
  }),
  gameLaunchFB: defineCall({
    id: 'gameLaunchFB',
    method: 'POST',
    path: '/wps/relay/GCS_gameLaunchFB',
    auth: 'member',
    encrypted: false,
    summary: 'Launch FB sports (spec 7). FB is a third party not connected here: always VENDOR_UNAVAILABLE',
    tag: 'games',
    body: z.object({
      language: languageCodeSchema.optional(),
      theme: z.enum(['light', 'dark']).default('light'),
    }),
    value: launchGameValueSchema,
  }),
  operatorSyncGames: defineCall({
    id: 'operatorSyncGames',
    method: 'POST',
    path: '/api/operator/games/sync',
    auth: 'operator',
    encrypted: false,
    summary: 'Sync the game catalogue from every enabled vendor (or one) now, and report what changed',
    tag: 'operator',
    body: z.object({
      /** One vendor connection only; all enabled ones when absent. */
      vendorCode: z
        .string()
        .trim()
        .max(40)
        .regex(/^[A-Za-z0-9_.-]{1,40}$/)
        .optional(),
    }),
    value: z.object({ vendors: z.array(vendorSyncResultSchema) }),
  }),
};
