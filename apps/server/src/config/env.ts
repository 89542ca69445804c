import { z } from 'zod';
import { isAddressOrRange } from '../http/ip-ranges.ts';

/**
 * The only place that reads `process.env` (docs/style.md 10). Every variable is validated at start-up;
 * a bad value stops the process with one line naming the variable.
 */
const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    /**
     * The owner role's URL (docs/operations.md, Database roles): the migrations at start run through
     * it, and DATABASE_URL (the app role, which owns nothing) serves everything else.
     */
    DATABASE_OWNER_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    /**
     * Connections the server keeps to PostgreSQL. A money call is one statement whose commit waits
     * for the WAL flush: more connections let PostgreSQL flush many commits at once (bench/README.md).
     */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /**
     * Vendor money calls in flight at once on PostgreSQL, each a batch of the calls that arrived
     * while the others ran (db/call-batcher.ts: one statement, one commit per batch). Each holds one
     * of DATABASE_POOL_SIZE's connections. 1 measured best on the 2-core bench (bench/README.md, 30
     * Nov: larger batches, fewer commits, the lowest debit p99): the next batch leaves as soon as one
     * comes back, before its answers are written. More can pay where PostgreSQL has cores to spare.
     * A batch stalled on a lock frees its place after 100 ms.
     */
    MONEY_BATCH_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(1),
    /** Most vendor money calls in one batch (1: every call alone, no batching). */
    MONEY_BATCH_SIZE: z.coerce.number().int().min(1).max(256).default(16),
    /**
     * Bets settled per transaction when a lottery draw is settled (docs/lottery.md, Settlement):
     * 50,000 measured best on PostgreSQL; smaller batches hold wallet locks for less time.
     */
    LOTTERY_SETTLE_BATCH_SIZE: z.coerce.number().int().min(1).max(1_000_000).default(50_000),
    /** Folder of the embedded PGlite database when DATABASE_URL is not set. */
    DATA_DIR: z.string().min(1).default('./data'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    /** Prefix of the read cache's Redis keys and channel: one per site sharing a Redis (tests: one per app). */
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w.:-]{1,64}$/, 'letters, digits and . _ : - only (at most 64)')
      .default('khela:'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Trust X-Forwarded-For from this many proxy hops (0: the socket address is the client). */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /** Folder of the built web app; empty string disables serving it. */
    WEB_DIST: z.string().optional(),
    /** Folder of the built back office (apps/admin/dist by default), served at /admin/; empty string disables serving it. */
    ADMIN_DIST: z.string().optional(),
    /** A host name (admin.example.com) that serves the back office at its root too; unset: only /admin/ on every host. */
    ADMIN_HOST: z
      .string()
      .max(253)
      .regex(
        /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/,
        'a host name without scheme or port',
      )
      .optional(),
    /**
     * A GeoLite2/GeoIP2 Country (or City) database file in MaxMind's MMDB format that the operator
     * keeps current (e.g. with MaxMind's geoipupdate): read at start and again by the hourly
     * `geoip-refresh` job whenever it changes. Unset: the data shipped with the server, which ages.
     */
    GEOIP_DATABASE_FILE: z.string().min(1).optional(),
    /** Folder of the images operators upload (banners, promotions), served under /uploads/; DATA_DIR/uploads when unset. */
    UPLOAD_DIR: z.string().min(1).optional(),
    /** Largest image an operator may upload, in bytes. */
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(20 * 1024 * 1024)
      .default(2 * 1024 * 1024),
    /**
     * The one demo switch: the demo seed (brand, demo accounts with public passwords), the sandbox
     * payment gateway and its hosted page, and the outbox SMS/mail providers as defaults. Unset, it
     * is on for the embedded PGlite (no DATABASE_URL: what `npm start` runs) and off wherever
     * DATABASE_URL is set. With it off the server refuses to start with a test provider
     * (config/test-providers.ts) unless ALLOW_TEST_PROVIDERS=true.
     */
    DEMO_MODE: booleanText.optional(),
    /** Lets a non-demo server start with the outbox SMS/mail providers (a staging site); the sandbox gateway stays off. */
    ALLOW_TEST_PROVIDERS: booleanText.default(false),
    /** Replaced by DEMO_MODE: refused, so that an old SEED_DEMO=true cannot quietly turn demo mode on in production. */
    SEED_DEMO: z.undefined({ error: 'was replaced by DEMO_MODE (true/false); set that instead' }).optional(),
    /** Read only by `npm run operator:create` (cli/operator-create.ts) when no password is piped in. */
    OPERATOR_PASSWORD: z.string().min(1).optional(),
    /** Ceiling of requests per client address and minute over all calls (stricter limits sit on login, SMS, money). */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    /**
     * Whether this instance runs the scheduled jobs (src/jobs: pg-boss in the same database). Every
     * instance may: each run happens once whatever their number. Off for an instance that should
     * only answer calls (and in tests, which call the job functions themselves).
     */
    JOB_WORKERS: booleanText.default(true),

    // Accounts and sessions.
    /** A session ends after this many minutes without a call. */
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    /** …and this many hours after its login, however busy. */
    SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(720).default(24),
    /** scrypt cost for login and payment passwords (OWASP: N=2^17, r=8, p=1). Tests lower N. */
    SCRYPT_N: z.coerce
      .number()
      .int()
      .min(2 ** 10)
      .max(2 ** 20)
      .refine((value) => (value & (value - 1)) === 0, 'must be a power of two')
      .default(2 ** 17),
    SCRYPT_R: z.coerce.number().int().min(1).max(32).default(8),
    SCRYPT_P: z.coerce.number().int().min(1).max(16).default(1),
    /** Password hashes computing at once; 0: one per core, at most 2 (each takes a core for ~100 ms). */
    PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(0),
    /** Hashes waiting for a slot (over it: 429 at once), and the places of it kept for logins. */
    PASSWORD_HASH_QUEUE: z.coerce.number().int().min(1).max(10_000).default(32),
    PASSWORD_HASH_LOGIN_RESERVE: z.coerce.number().int().min(0).max(10_000).default(8),
    /** Hashes in flight per client address and per account (over it: 429 at once). */
    PASSWORD_HASH_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(4),
    PASSWORD_HASH_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(2),
    /** Failed logins (per username or per address, within LOGIN_FAILURE_WINDOW_MINUTES) before the captcha is asked. */
    LOGIN_CAPTCHA_AFTER: z.coerce.number().int().min(0).max(100).default(3),
    LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    /** Consecutive wrong passwords that lock an account, and for how long. */
    LOGIN_LOCK_AFTER: z.coerce.number().int().min(1).max(1000).default(10),
    LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).max(10_080).default(15),
    /** Route-level ceilings per client address and minute (on top of RATE_LIMIT_PER_MINUTE). */
    LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /** Money calls (transfers, withdrawals) per client address and minute. */
    MONEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /** Manual adjustments of this size or more (major units, either sign) wait for a second operator. */
    ADJUST_APPROVAL_THRESHOLD: z
      .string()
      .regex(/^(0|[1-9][0-9]{0,12})(\.[0-9]{1,8})?$/, 'a decimal amount in major units')
      .default('10000'),
    REGISTER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    /** SMS sends per address and minute at the route (the per-number and per-address windows below apply too). */
    SMS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    /** Human verification (ALTCHA proof of work, PBKDF2/SHA-256): iterations per attempt and the
     * upper bound of the secret counter, so the work is about COST × MAX_NUMBER × 3/4. */
    ALTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(1000),
    ALTCHA_MAX_NUMBER: z.coerce.number().int().min(2).max(10_000_000).default(1000),
    ALTCHA_EXPIRES_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
    /** ALTCHA challenges handed to one address per minute (one per login, registration or SMS send). */
    ALTCHA_CHALLENGES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    /** HMAC secret signing ALTCHA challenges; generated once and kept in the database when unset. */
    ALTCHA_HMAC_SECRET: z.string().min(16).optional(),
    /** PKCS#8 PEM of the RSA key that opens sealed bodies; generated once and kept in the database when unset. */
    ENVELOPE_PRIVATE_KEY: z.string().includes('PRIVATE KEY').optional(),
    CAPTCHA_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
    /** SMS: `outbox` keeps messages in the sms_outbox table (demo, tests); `http` posts to SMS_HTTP_URL. */
    SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
    SMS_HTTP_URL: z.url().optional(),
    SMS_HTTP_TOKEN: z.string().optional(),
    SMS_HTTP_SENDER: z.string().default('Khela'),
    /** Sends allowed per number and per client address within SMS_LIMIT_WINDOW_MINUTES, and per number per day. */
    SMS_MAX_PER_NUMBER: z.coerce.number().int().min(1).default(3),
    SMS_MAX_PER_IP: z.coerce.number().int().min(1).default(10),
    SMS_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(5),
    SMS_DAILY_QUOTA_PER_NUMBER: z.coerce.number().int().min(1).default(10),
    /** Mail: `outbox` keeps messages in the mail_outbox table; `smtp` sends through SMTP_URL. */
    MAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().default('Khela <no-reply@khela.local>'),
    /** Origin of the links in mails (reset password); a listed brand domain of the request otherwise. */
    PUBLIC_BASE_URL: z.url().optional(),
    RESET_LINK_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
    /** Social sign-in with Google (OpenID Connect); on when the client id is set and the brand's googleLogin flag is on. */
    SOCIAL_GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    SOCIAL_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    SOCIAL_GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    /** Lets the issuer be plain http (a local test provider); never in production. */
    SOCIAL_ALLOW_HTTP_ISSUER: booleanText.default(false),
    /** Days after which a password counts as expired, when the brand's passwordExpiry flag is on. */
    PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(1).default(90),

    // Games and the vendor wallet protocol (docs/vendor-protocol.md).
    /** A launch token must be exchanged by the vendor (authenticate) within this many seconds. */
    GAME_LAUNCH_TOKEN_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
    /** A vendor wallet session ends this many minutes after its last call. */
    GAME_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
    /** Game launches per client address and minute. */
    GAME_LAUNCH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    /**
     * Vendor wallet calls (/vendor-wallet/…) per address and minute, per instance (http/address-limit.ts):
     * for an address not in VENDOR_WALLET_ADDRESSES, and for the listed ones and the loopback (the
     * in-process house). Over it: 429 with retry-after, which a vendor treats as no answer.
     */
    VENDOR_WALLET_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(6_000),
    VENDOR_WALLET_TRUSTED_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1_200_000),
    /** The vendors' addresses and ranges, comma-separated (203.0.113.7,198.51.100.0/24): the generous ceiling. */
    VENDOR_WALLET_ADDRESSES: z
      .string()
      .default('')
      .transform((text) =>
        text
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine((entries) => entries.every(isAddressOrRange), 'IP addresses or CIDR ranges, comma-separated'),
    /** Calls of the house games' pages (/house/api/…, /house-transfer/api/…) per player address and minute. */
    HOUSE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1_200),
    /** Minutes between catalogue syncs from every enabled vendor (0: only at start and on the operator's call). */
    GAME_SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(1440).default(10),
    /** Time allowed for one call to a vendor (the games list), in milliseconds. */
    VENDOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    /**
     * Our own vendor (apps/house-games): `inprocess` mounts it under /house in this server (the
     * default, what `npm start` runs); `off` when it runs on its own (point the HOUSE vendor
     * connection at it) or in tests that do not need it.
     */
    HOUSE_GAMES: z.enum(['inprocess', 'off']).default('inprocess'),
  })
  .superRefine((env, context) => {
    if (env.SMS_PROVIDER === 'http' && !env.SMS_HTTP_URL) {
      context.addIssue({
        code: 'custom',
        path: ['SMS_HTTP_URL'],
        message: 'is needed when SMS_PROVIDER=http',
      });
    }
    if (env.MAIL_PROVIDER === 'smtp' && !env.SMTP_URL) {
      context.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is needed when MAIL_PROVIDER=smtp' });
    }
    if (env.DATABASE_OWNER_URL && !env.DATABASE_URL) {
      context.addIssue({
        code: 'custom',
        path: ['DATABASE_OWNER_URL'],
        message: 'needs DATABASE_URL (the app role of the same PostgreSQL database)',
      });
    }
  })
  // An embedded database is a trial on one machine; a DATABASE_URL is a deployment unless told.
  .transform(({ SEED_DEMO: _replaced, ...env }) => ({
    ...env,
    DEMO_MODE: env.DEMO_MODE ?? env.DATABASE_URL === undefined,
  }));

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
    value: unknown,
  ) {
    super(`Invalid environment variable ${variable}=${JSON.stringify(value)}: ${reason}`);
    this.name = 'EnvError';
  }
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable means "not set", as shells export them; except the few whose empty value
  // means something (WEB_DIST= serves the API only, ADMIN_DIST= no back office).
  const keepsEmpty = new Set(['WEB_DIST', 'ADMIN_DIST']);
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([key, value]) => value !== '' || keepsEmpty.has(key)),
  );
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const variable = String(issue.path[0] ?? 'environment');
  throw new EnvError(variable, issue.message, cleaned[variable]);
}
