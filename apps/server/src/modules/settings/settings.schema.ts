import { z } from 'zod';
import {
  REFERENCE_EDGE_BP,
  featureFlagsSchema,
  gameCategories,
  languageCodeSchema,
  loyaltyShareBp,
  maxLoyaltyRate,
  registerFieldNames,
  socialNetworks,
  type FieldRule,
  type RegisterFieldName,
} from '@khela/contract';
import { isTimeZone } from '@khela/contract/business-day';
import { defaultBrand, defaultFeatureFlags, defaultRegisterRules } from '@khela/contract/settings-defaults';
import { playTypes, type PlayType } from '@khela/contract/lottery-draw';

const fieldRuleDocument = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  /** `*` is accepted here and served as `.*` (spec 5). */
  acceptedPattern: z.string().refine((source) => {
    try {
      new RegExp(source === '*' ? '.*' : source, 'u');
      return true;
    } catch {
      return false;
    }
  }, 'is not a valid regular expression'),
  patternId: z.string().min(1),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(0),
});

/** An IPv4 or IPv6 CIDR range such as 203.0.113.0/24, or a single address. */
const ipRange = z.string().regex(/^[0-9a-fA-F:.]+(\/\d{1,3})?$/, 'must be an IP address or CIDR range');

const decimalText = z.string().regex(/^(0|[1-9][0-9]*)(\.[0-9]+)?$/, 'must be a decimal amount like 500.00');

/**
 * A deposit method the operator offers (issue: depositv2). `bank_transfer`: the player pays into
 * the account shown and submits the reference; the operator approves. `sandbox_gateway`: the
 * built-in test gateway (hosted page, signed callback), offered and accepted only in demo mode.
 * `bkash` and `nagad`: the wallets' own checkouts (bKash Tokenized Checkout, Nagad's merchant
 * checkout), set up under `payments.bkash` / `payments.nagad` (docs/payments.md); in demo mode
 * they run against the built-in simulators. Amounts are major units as decimal strings; the fee
 * is in basis points of the amount.
 */
export const depositMethodSchema = z
  .object({
    code: z.string().regex(/^[a-z0-9_]{2,32}$/, 'lowercase letters, digits and _'),
    kind: z.enum(['bank_transfer', 'sandbox_gateway', 'bkash', 'nagad', 'wallet_manual']),
    names: z.partialRecord(languageCodeSchema, z.string().min(1).max(60)),
    logoUrl: z.string().nullable().default(null),
    min: decimalText,
    max: decimalText,
    feeBps: z.number().int().min(0).max(2000).default(0),
    enabled: z.boolean().default(true),
    bank: z
      .object({
        bankName: z.string().min(1).max(80),
        accountName: z.string().min(1).max(80),
        accountNumber: z.string().min(1).max(40),
      })
      .nullable()
      .default(null),
    /**
     * `wallet_manual` (issue 37): the member sends money to one of the brand's receiving numbers of
     * this provider (listed in the back office, Money → Receiving numbers) and enters the TrxID.
     */
    walletProvider: z.enum(['bkash', 'nagad', 'rocket']).nullable().default(null),
  })
  .refine((method) => method.kind !== 'bank_transfer' || method.bank !== null, {
    message: 'a bank transfer method needs its bank account',
    path: ['bank'],
  })
  .refine((method) => (method.kind === 'wallet_manual') === (method.walletProvider !== null), {
    message: 'a manual wallet method needs its walletProvider (and only it has one)',
    path: ['walletProvider'],
  });
export type DepositMethodSetting = z.output<typeof depositMethodSchema>;

/**
 * Default liability caps per number per draw (major units): a little above what one bet at the
 * largest stake can win in its worst draw (10,000 × the default odds × the most hits of its play
 * type, lottery-rtp.ts maxHits: lô 2 số 10,000 × 3.5 × 27), so a single bet is never refused by them.
 */
const defaultLiabilityCaps: Record<PlayType, string> = {
  lo2: '1000000',
  lo3: '10000000',
  lo4: '100000000',
  de: '1000000',
  dau: '100000',
  duoi: '100000',
  xien2: '300000',
  xien3: '2000000',
  xien4: '10000000',
  big_small: '100000',
  odd_even: '100000',
  sum: '100000',
  ba_cang: '10000000',
  dau_g8: '1000000',
  duoi_db: '1000000',
  xiu_chu: '10000000',
};

export const siteSettingsSchema = z
  .object({
    brandName: z.string().min(1).default(defaultBrand.brandName),
    merchantCode: z.string().min(1).default(defaultBrand.merchantCode),
    lotteryType: z.string().default(defaultBrand.lotteryType),
    currency: z.string().length(3).default(defaultBrand.currency),
    currencySymbol: z.string().min(1).default(defaultBrand.currencySymbol),
    currencyPrecision: z.number().int().min(0).max(4).default(defaultBrand.currencyPrecision),
    logoUrl: z.string().default(defaultBrand.logoUrl),
    defaultLanguage: languageCodeSchema.default(defaultBrand.defaultLanguage),
    languages: z
      .array(languageCodeSchema)
      .min(1)
      .default(() => [...defaultBrand.languages]),
    bengaliDigits: z.boolean().default(defaultBrand.bengaliDigits),
    /**
     * Business days are the brand's days: wages, dividends, reports and every page's "today" are cut
     * in this IANA zone (shared business-day.ts). A name Intl does not know is refused.
     */
    timeZone: z
      .string()
      .refine(isTimeZone, 'is not a known IANA time zone (e.g. Asia/Dhaka)')
      .default(defaultBrand.timeZone),
    copyright: z.string().default(defaultBrand.copyright),
    features: featureFlagsSchema
      .partial()
      .default({})
      .transform((flags) => ({ ...defaultFeatureFlags, ...flags })),
    register: z
      .partialRecord(z.enum(registerFieldNames), fieldRuleDocument)
      .default({})
      .transform((rules) => ({ ...defaultRegisterRules, ...rules }) as Record<RegisterFieldName, FieldRule>),
    /**
     * What a new account confirms and accepts (issue 42 item 4, spec 5): the brand's minimum age
     * (18 or 21) and the version of its General Terms and Conditions. Each registration records both
     * (member_agreements); raising termsVersion makes new registrations accept the new version.
     */
    registration: z
      .object({
        minimumAge: z.union([z.literal(18), z.literal(21)]).default(18),
        termsVersion: z.string().trim().min(1).max(32).default('1'),
      })
      .prefault({}),
    social: z.array(z.object({ network: z.enum(socialNetworks), url: z.url() })).default([]),
    customerServiceUrl: z.string().nullable().default(null),
    messengerUrl: z.string().nullable().default(null),
    appLinks: z
      .object({ ios: z.string().nullable().default(null), android: z.string().nullable().default(null) })
      .default({ ios: null, android: null }),
    announcementTypes: z.array(z.string()).default(() => [...defaultBrand.announcementTypes]),
    announcementExecution: z.string().default(defaultBrand.announcementExecution),
    gtagId: z.string().nullable().default(null),
    imageCDNs: z.array(z.string()).default([]),
    launchGameCDNs: z.array(z.string()).default([]),
    /** SMS verification codes live this many minutes (spec: expiredMinutes; at most 10). */
    sms: z
      .object({ expiredMinutes: z.number().int().min(1).max(10).default(5) })
      .default({ expiredMinutes: 5 }),
    /**
     * Wallet limits in major units (decimal strings, the API's money form): each transfer between a
     * member and their upline or an agent and a downline, and each withdrawal, lies between its min
     * and max.
     */
    wallet: z
      .object({
        transferMin: decimalText.default('1'),
        transferMax: decimalText.default('500000'),
        withdrawMin: decimalText.default('100'),
        withdrawMax: decimalText.default('50000'),
        /** Demo funds a free-play (trial) account starts with: never withdrawable nor transferable. */
        freePlayDemoFunds: decimalText.default('10000'),
        /** Spec 4: no answer this many minutes after a disbursement counts as received. */
        autoReceiveMinutes: z.number().int().min(5).max(10_080).default(60),
      })
      .prefault({}),
    /**
     * Insider controls on operators' money (issue 35, docs/back-office-money.md). Amounts are major
     * units as decimal strings; counts and sums are per brand day (`timeZone`). A manual adjustment
     * below ADJUST_APPROVAL_THRESHOLD posts at once only while the requester's and the member's day
     * stay within these limits (sizes add up whatever their sign); past one it waits for a second
     * operator. `0` turns a limit off.
     */
    insiderControls: z
      .object({
        adjustCountPerOperatorDay: z.number().int().min(0).max(10_000).default(20),
        adjustSumPerOperatorDay: decimalText.default('50000'),
        adjustCountPerMemberDay: z.number().int().min(0).max(10_000).default(2),
        adjustSumPerMemberDay: decimalText.default('15000'),
        /**
         * An operator who credited a member (an adjustment they asked or approved) or approved the
         * member's deposit within these hours may not approve or disburse the member's withdrawal.
         */
        creditorCoolingHours: z
          .number()
          .int()
          .min(0)
          .max(24 * 90)
          .default(72),
        /** From this amount a withdrawal is disbursed by another operator than the one who approved it. */
        disburseSecondOperatorFrom: decimalText.default('20000'),
        /**
         * From this bonus an application's approval needs two operators (issue 39, docs/promotions.md
         * "Applications with review"): the first approval is recorded, a second operator's credits it.
         */
        bonusApplicationSecondApproverFrom: decimalText.default('1000'),
      })
      .prefault({}),
    /**
     * Agents' wages bounded by the house edge (issue 35 item 2, docs/agents.md "Bounded by the house
     * edge"), percents. Wages are paid on edge-weighted betting (stake × the game's house edge ÷ the
     * reference edge of 5 %); a contract whose rates together could take more than `edgeShare` of the
     * house's expected win is refused. `undeclaredEdge`: the edge assumed for a game that declares no
     * RTP and whose category has none declared either (the lottery's games today).
     */
    agentWages: z
      .object({
        edgeShare: z.number().min(0).max(100).default(50),
        undeclaredEdge: z.number().min(0).max(100).default(1),
      })
      .prefault({}),
    /**
     * The manual rebate (issue 39, docs/promotions.md "Manual rebate"), on when features.manualRebate
     * is. `rates`: per game category, percent of the member's edge-weighted valid betting (stake × the
     * game's house edge ÷ the reference edge of 5 %, as the agents' wages); a category not named pays
     * nothing. The highest rate together with agentWages.edgeShare may not give away more than the
     * house's expected win (checked below). `minimumClaim`: the smallest total a claim pays.
     * `countDelaySeconds`: rounds settled this recently wait for the next claim (a settlement's
     * transaction may still be committing). `countFrom`: rounds settled before this moment never
     * count (set it when the rebate starts, so that switching it on does not pay on years of past
     * betting); null: from each account's opening. One moment for every claim, so two claims made at
     * once still compute the same period start, the key that lets only one of them pay.
     */
    rebate: z
      .object({
        rates: z
          .partialRecord(
            z.enum(gameCategories),
            z
              .number()
              .min(0)
              .max(5)
              .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-9, 'at most 2 decimals'),
          )
          .default({}),
        minimumClaim: decimalText.default('1'),
        countDelaySeconds: z.number().int().min(10).max(3600).default(60),
        countFrom: z.iso.datetime({ offset: true }).nullable().default(null),
      })
      .prefault({}),
    /**
     * Loyalty points (issue 40 item 2, docs/loyalty.md). `rates`: per game category, points earned
     * per 100 (major units) of edge-weighted betting (stake × the game's house edge ÷ the reference
     * edge of 5 %, as the rebate weighs it); a category not named earns nothing. `pointsPerCash`:
     * how many points convert to one major unit of cash; `minimumConversion`: the fewest points one
     * conversion takes. `edgeShare` (percent, at most 25): the most of the house's expected win the
     * cash value of the points earned may give away; a rate above it is refused (checked below), and
     * together with the agents' wages and the rebate no category may give away more than the whole
     * expected win. Points are credited for each brand day once it ended (the job `loyalty-points`).
     */
    loyaltyPoints: z
      .object({
        enabled: z.boolean().default(false),
        rates: z
          .partialRecord(
            z.enum(gameCategories),
            z
              .number()
              .min(0)
              .max(100_000)
              .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-9, 'at most 2 decimals'),
          )
          .default({}),
        pointsPerCash: z.number().int().min(1).max(1_000_000).default(100),
        minimumConversion: z.number().int().min(1).max(1_000_000_000).default(1000),
        edgeShare: z
          .number()
          .min(0)
          .max(25)
          .refine((share) => Math.abs(share * 100 - Math.round(share * 100)) < 1e-9, 'at most 2 decimals')
          .default(10),
      })
      .prefault({}),
    /**
     * The lottery's fairness rules (issue 36, docs/lottery.md "Fairness"). A member's bet can be
     * cancelled only until `cancelFreezeMinutes` before its numero's lock: a cancel later is refused
     * (CANCEL_CLOSED) and recorded, so bets cannot be placed and cancelled at the last minute to
     * steer the bets digest.
     */
    lotteryFairness: z
      .object({
        cancelFreezeMinutes: z.number().int().min(0).max(1440).default(5),
        /**
         * The public randomness beacon every draw mixes in (drand's HTTP API; docs/lottery.md
         * "Fairness"). `urls`: the drand HTTP endpoints tried in turn; `chainHash`, `publicKey`
         * (G2, hex), `genesisTime` (unix seconds) and `period` (seconds): the chain's info, scheme
         * bls-unchained-g1-rfc9380 (drand's quicknet). No URL: no beacon, and outside demo mode no
         * lottery game opens (demo mode and tests run a local beacon instead).
         */
        beacon: z
          .object({
            urls: z.array(z.url()).default([]),
            chainHash: z
              .string()
              .regex(/^[0-9a-f]{64}$/)
              .nullable()
              .default(null),
            publicKey: z
              .string()
              .regex(/^[0-9a-f]{192}$/, 'a G2 public key, 96 bytes hex')
              .nullable()
              .default(null),
            genesisTime: z.number().int().min(0).default(0),
            period: z.number().int().min(1).max(3600).default(3),
            /** A round not fetched and verified this many minutes after the draw time voids the numero. */
            deadlineMinutes: z.number().int().min(1).max(1440).default(10),
          })
          .prefault({}),
      })
      .prefault({}),
    /** The house vendor's player options (apps/house-games): off unless the operator turns them on. */
    houseGames: z
      .object({
        autoplay: z.boolean().default(false),
        turbo: z.boolean().default(false),
      })
      .prefault({}),
    payments: z
      .object({
        // None by default: the operator lists their own accounts and gateways. The demo's bank
        // account and sandbox gateway come from the demo seed (seed/seed.ts), never from here.
        depositMethods: z.array(depositMethodSchema).default([]),
        /** An unpaid gateway order expires after this many minutes. */
        depositExpiryMinutes: z.number().int().min(5).max(1440).default(30),
        /**
         * bKash Tokenized Checkout (docs/payments.md). The app secret and the password are not
         * here: they live in the secret store (`payments.bkash.appSecret`,
         * `payments.bkash.password`, set with `npm run secret:set`). The limits are the ones of
         * the brand's bKash contract: an amount outside them is refused before bKash is asked.
         */
        bkash: z
          .object({
            baseUrl: z.url().default('https://tokenized.pay.bka.sh/v1.2.0-beta'),
            appKey: z.string().max(200).default(''),
            username: z.string().max(200).default(''),
            minAmount: decimalText.default('1'),
            maxAmount: decimalText.default('25000'),
            timeoutSeconds: z.number().int().min(5).max(60).default(30),
          })
          .prefault({}),
        /**
         * bKash's B2C payouts to members' bKash wallets (docs/payments.md, "Payouts by bKash
         * B2C"): the disbursement account's API on bKash's checkout host, with its own app key and
         * username; its app secret and password live in the secret store
         * (`payments.bkashB2c.appSecret`, `payments.bkashB2c.password`). Off until `enabled`; the
         * limits are the contract's per-payout ones, checked before bKash is asked.
         */
        bkashB2c: z
          .object({
            enabled: z.boolean().default(false),
            baseUrl: z.url().default('https://checkout.pay.bka.sh/v1.2.0-beta'),
            appKey: z.string().max(200).default(''),
            username: z.string().max(200).default(''),
            minAmount: decimalText.default('10'),
            maxAmount: decimalText.default('25000'),
            timeoutSeconds: z.number().int().min(5).max(60).default(30),
          })
          .prefault({}),
        /**
         * Nagad's merchant checkout (docs/payments.md). Nagad's public key (PEM) is public; the
         * merchant's private key lives in the secret store (`payments.nagad.merchantPrivateKey`).
         */
        nagad: z
          .object({
            baseUrl: z.url().default('https://api.mynagad.com/api/dfs'),
            merchantId: z.string().max(40).default(''),
            nagadPublicKey: z.string().max(4000).default(''),
            minAmount: decimalText.default('10'),
            maxAmount: decimalText.default('25000'),
            timeoutSeconds: z.number().int().min(5).max(60).default(30),
          })
          .prefault({}),
      })
      .prefault({}),
    /**
     * The lottery's risk limits (issue 36 item 6, docs/lottery.md "Odds that cannot ruin the house").
     * `rtpCeiling`: odds whose return to player (lottery-rtp.ts, exact) passes this percent are held
     * for a second operator; 100 % or more is refused outright. `liabilityCaps`: per play type, the
     * most the house may have to pay on one number (one selection; a xiên's set) of one draw, in
     * major units, counting one hit of every open bet on it (stake × odds); "0" is no cap.
     */
    lotteryRisk: z
      .object({
        rtpCeiling: z.number().min(50).max(100).default(98),
        liabilityCaps: z
          .partialRecord(z.enum(playTypes), decimalText)
          .default({})
          .transform((caps) => ({ ...defaultLiabilityCaps, ...caps })),
      })
      .prefault({}),
    /**
     * Official results (issue 36 item 5, docs/lottery.md "Result sources"): a regional game run on
     * official results settles on the state lottery's sheet, from the results feed or typed in by two
     * operators. `deadlineMinutes`: a sheet not in this long after the draw time voids the draw (every
     * bet refunded, a public notice). `feed.kind`: `none` (typed in only), `http` (the operator's
     * JSON or CSV feed at `urlTemplate`, with `{station}` and `{date}`), or `demo` (a stand-in sheet,
     * demo mode only: a start outside demo mode with it is refused).
     */
    lotteryResults: z
      .object({
        deadlineMinutes: z
          .number()
          .int()
          .min(10)
          .max(7 * 1440)
          .default(360),
        feed: z
          .object({
            kind: z.enum(['none', 'http', 'demo']).default('none'),
            urlTemplate: z.url().nullable().default(null),
            format: z.enum(['json', 'csv']).default('json'),
            timeoutSeconds: z.number().int().min(1).max(60).default(10),
            /** How often a waiting draw asks the feed again. */
            pollSeconds: z.number().int().min(5).max(3600).default(60),
          })
          .prefault({}),
      })
      .prefault({}),
    /** Domains of the brand and which site each serves. A host not listed is the member site. */
    domains: z.array(z.object({ domain: z.string().min(1), site: z.enum(['member', 'agent']) })).default([]),
    maintenance: z
      .object({
        enabled: z.boolean().default(false),
        message: z.string().nullable().default(null),
        /** ISO date-times; the window is open-ended on a side that is null. */
        startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
        endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
        /** Addresses that still reach the site during maintenance (the operator's office). */
        allowedIps: z.array(ipRange).default([]),
      })
      .default({ enabled: false, message: null, startsAt: null, endsAt: null, allowedIps: [] }),
    regionRestriction: z
      .object({
        enabled: z.boolean().default(false),
        /** ISO 3166-1 alpha-2 codes whose visitors are blocked. */
        blockedCountries: z.array(z.string().length(2).toUpperCase()).default([]),
        blockedIpRanges: z.array(ipRange).default([]),
        /** Addresses let through whatever their country or range. */
        allowedIps: z.array(ipRange).default([]),
      })
      .default({ enabled: false, blockedCountries: [], blockedIpRanges: [], allowedIps: [] }),
  })
  .superRefine((settings, context) => {
    // The rebate and the agents' wages come out of the same expected win: a rate r of edge-weighted
    // betting gives away r ÷ the reference edge of it (rounded up), the agents at most edgeShare.
    const wagesBp = Math.round(settings.agentWages.edgeShare * 100);
    for (const [category, rate] of Object.entries(settings.rebate.rates)) {
      const rebateBp = Math.ceil((Math.round((rate ?? 0) * 100) * 10_000) / REFERENCE_EDGE_BP);
      if (rebateBp + wagesBp > 10_000) {
        context.addIssue({
          code: 'custom',
          path: ['rebate', 'rates', category],
          message: `with agents' wages at ${settings.agentWages.edgeShare} % of the house's expected win, a rebate may be at most ${((10_000 - wagesBp) * REFERENCE_EDGE_BP) / 1_000_000} %`,
        });
      }
    }
    // Loyalty points (docs/loyalty.md "The bound"): the cash value of a rate's points is at most
    // edgeShare of the house's expected win on the betting that earned them, and with the wages and
    // the category's rebate at most the whole of it.
    const points = settings.loyaltyPoints;
    const shareBp = Math.round(points.edgeShare * 100);
    for (const [category, rate] of Object.entries(points.rates)) {
      const pointsBp = loyaltyShareBp(rate ?? 0, points.pointsPerCash);
      const rebate = settings.rebate.rates[category as keyof typeof settings.rebate.rates] ?? 0;
      const rebateBp = Math.ceil((Math.round(rebate * 100) * 10_000) / REFERENCE_EDGE_BP);
      if (pointsBp > shareBp) {
        context.addIssue({
          code: 'custom',
          path: ['loyaltyPoints', 'rates', category],
          message: `at ${points.pointsPerCash} points a unit of cash and ${points.edgeShare} % of the house's expected win, a rate may be at most ${maxLoyaltyRate(points.edgeShare, points.pointsPerCash)} points per 100`,
        });
      } else if (points.enabled && pointsBp + rebateBp + wagesBp > 10_000) {
        context.addIssue({
          code: 'custom',
          path: ['loyaltyPoints', 'rates', category],
          message: `with agents' wages and the rebate, points of this category would give away more than the house's expected win`,
        });
      }
    }
  });

export type SiteSettings = z.output<typeof siteSettingsSchema>;
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;
