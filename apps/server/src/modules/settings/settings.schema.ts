import { z } from 'zod';
import {
  featureFlagsSchema,
  languageCodeSchema,
  registerFieldNames,
  socialNetworks,
  type FeatureFlags,
  type FieldRule,
  type RegisterFieldName,
} from '@khela/contract';

const defaultFeatures: FeatureFlags = {
  loginedToHomePage: false,
  smsLogin: true,
  directRegistration: true,
  mobileRegistration: true,
  mobileRegistrationWithPassword: true,
  chat: false,
  agentPolicy: true,
  manualRebate: false,
  changePasswordByMobile: true,
  registerMobileVerification: true,
  firebase: false,
  freePlay: true,
  referral: true,
  facebookLogin: false,
  googleLogin: false,
  dividend: true,
  salary: true,
  hourSalary: false,
  realTimeSalary: false,
  passwordExpiry: false,
  memberCentreForGuests: false,
};

function rule(partial: Partial<FieldRule> & Pick<FieldRule, 'patternId'>): FieldRule {
  return { enabled: false, required: false, acceptedPattern: '.*', minLength: 0, maxLength: 64, ...partial };
}

/** Registration rules of the demo brand; the operator changes them in the settings document. */
const defaultRegisterRules: Record<RegisterFieldName, FieldRule> = {
  username: rule({
    enabled: true,
    required: true,
    acceptedPattern: '^[a-zA-Z][a-zA-Z0-9]*$',
    patternId: 'first_letter_then_mix',
    minLength: 6,
    maxLength: 16,
  }),
  password: rule({
    enabled: true,
    required: true,
    acceptedPattern: '^\\S+$',
    patternId: 'no_spaces',
    minLength: 8,
    maxLength: 32,
  }),
  checkPass: rule({
    enabled: true,
    required: true,
    acceptedPattern: '^\\S+$',
    patternId: 'no_spaces',
    minLength: 8,
    maxLength: 32,
  }),
  mobileNum: rule({
    enabled: true,
    required: false,
    acceptedPattern: '^[0-9]+$',
    patternId: 'digits',
    minLength: 10,
    maxLength: 11,
  }),
  verificationCode: rule({
    enabled: false,
    required: false,
    acceptedPattern: '^[0-9]+$',
    patternId: 'digits',
    minLength: 6,
    maxLength: 6,
  }),
  payeeName: rule({
    enabled: true,
    required: false,
    acceptedPattern: "^[\\p{L}\\p{M} .'-]+$",
    patternId: 'letters_and_spaces',
    minLength: 2,
    maxLength: 64,
  }),
  paymentPassword: rule({
    enabled: true,
    required: true,
    acceptedPattern: '^[0-9]+$',
    patternId: 'digits',
    minLength: 6,
    maxLength: 6,
  }),
  qqNum: rule({ patternId: 'digits', acceptedPattern: '^[0-9]+$', minLength: 5, maxLength: 12 }),
  line: rule({ patternId: 'no_spaces', acceptedPattern: '^\\S+$', minLength: 2, maxLength: 32 }),
  whatsapp: rule({ patternId: 'digits', acceptedPattern: '^[0-9]+$', minLength: 6, maxLength: 15 }),
  facebook: rule({ patternId: 'no_spaces', acceptedPattern: '^\\S+$', minLength: 2, maxLength: 64 }),
  wechat: rule({ patternId: 'no_spaces', acceptedPattern: '^\\S+$', minLength: 2, maxLength: 32 }),
  idNumber: rule({
    patternId: 'letters_and_digits',
    acceptedPattern: '^[a-zA-Z0-9]+$',
    minLength: 6,
    maxLength: 20,
  }),
  email: rule({
    enabled: true,
    required: false,
    patternId: 'email',
    acceptedPattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
    minLength: 5,
    maxLength: 128,
  }),
  recommenderId: rule({
    patternId: 'letters_and_digits',
    acceptedPattern: '^[a-zA-Z0-9]+$',
    minLength: 1,
    maxLength: 32,
  }),
  affiliateCode: rule({
    enabled: true,
    required: false,
    patternId: 'letters_and_digits',
    acceptedPattern: '^[a-zA-Z0-9]+$',
    minLength: 4,
    maxLength: 16,
  }),
  captcha: rule({
    enabled: true,
    required: true,
    patternId: 'letters_and_digits',
    acceptedPattern: '^[a-zA-Z0-9]+$',
    minLength: 4,
    maxLength: 4,
  }),
};

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
 * built-in test gateway (hosted page, signed callback), offered and accepted only in demo mode; a
 * real gateway's kind takes its place in production (docs/wallet.md). Amounts are major units as decimal strings; the fee is in basis points of the amount.
 */
export const depositMethodSchema = z
  .object({
    code: z.string().regex(/^[a-z0-9_]{2,32}$/, 'lowercase letters, digits and _'),
    kind: z.enum(['bank_transfer', 'sandbox_gateway']),
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
  })
  .refine((method) => method.kind !== 'bank_transfer' || method.bank !== null, {
    message: 'a bank transfer method needs its bank account',
    path: ['bank'],
  });
export type DepositMethodSetting = z.output<typeof depositMethodSchema>;

export const siteSettingsSchema = z.object({
  brandName: z.string().min(1).default('Khela'),
  merchantCode: z.string().min(1).default('KHELA'),
  lotteryType: z.string().default('SEA'),
  currency: z.string().length(3).default('BDT'),
  currencySymbol: z.string().min(1).default('৳'),
  currencyPrecision: z.number().int().min(0).max(4).default(2),
  logoUrl: z.string().default('/brand/logo.svg'),
  defaultLanguage: languageCodeSchema.default('BN'),
  languages: z.array(languageCodeSchema).min(1).default(['BN', 'EN', 'CN', 'VI', 'JA', 'TH']),
  bengaliDigits: z.boolean().default(false),
  copyright: z.string().default('© Khela. All rights reserved. 18+ Play responsibly.'),
  features: featureFlagsSchema
    .partial()
    .default({})
    .transform((flags) => ({ ...defaultFeatures, ...flags })),
  register: z
    .partialRecord(z.enum(registerFieldNames), fieldRuleDocument)
    .default({})
    .transform((rules) => ({ ...defaultRegisterRules, ...rules }) as Record<RegisterFieldName, FieldRule>),
  social: z.array(z.object({ network: z.enum(socialNetworks), url: z.url() })).default([]),
  customerServiceUrl: z.string().nullable().default(null),
  messengerUrl: z.string().nullable().default(null),
  appLinks: z
    .object({ ios: z.string().nullable().default(null), android: z.string().nullable().default(null) })
    .default({ ios: null, android: null }),
  announcementTypes: z.array(z.string()).default(['B', 'PL', 'PU', 'PR', 'H']),
  announcementExecution: z.string().default('B'),
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
});

export type SiteSettings = z.output<typeof siteSettingsSchema>;
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;
