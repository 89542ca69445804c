import { z } from 'zod';

/** The standalone server's settings; the only place that reads process.env. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  HOST: z.string().default('0.0.0.0'),
  /** Where the platform's /vendor-wallet/… is served. */
  PLATFORM_URL: z.string().url().default('http://127.0.0.1:8080'),
  /** The protocol's vendor code (the platform's vendor_connections row). */
  HOUSE_VENDOR_CODE: z.string().min(1).default('HOUSE'),
  /**
   * seamless: every bet and win is a wallet call to the platform; transfer: the house keeps the
   * game balance and the platform moves money in and out (api/transfer/…). Use another vendor
   * code for it (e.g. HOUSET).
   */
  HOUSE_WALLET_MODE: z.enum(['seamless', 'transfer']).default('seamless'),
  /** Hex HMAC key shared with the platform (vendor_connections.wallet_secret). */
  HOUSE_SECRET: z.string().regex(/^[0-9a-f]{32,}$/i, 'HOUSE_SECRET must be hex, at least 16 bytes'),
  /** PostgreSQL URL; without it PGlite in HOUSE_DATA_DIR. */
  HOUSE_DATABASE_URL: z.string().optional(),
  HOUSE_DATA_DIR: z.string().default('./data/house'),
  /** The house's address as browsers see it (icons in the games list). */
  HOUSE_PUBLIC_URL: z.string().optional(),
  /** Origins allowed to show the game pages in a frame (the platform's), space separated. */
  HOUSE_FRAME_ANCESTORS: z.string().default('*'),
  HOUSE_AUTOPLAY: z.enum(['true', 'false']).default('false'),
  HOUSE_TURBO: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.string().default('info'),
});

export type HouseEnv = z.infer<typeof envSchema>;

export function loadHouseEnv(source: Record<string, string | undefined> = process.env): HouseEnv {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new Error(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'),
    );
  }
  return parsed.data;
}
