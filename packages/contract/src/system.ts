import { z } from 'zod';
import { defineCall } from './define.ts';

/** Language codes the site can offer (spec 1). `TY` has no stated meaning: kept as data only. */
export const languageCodes = ['BN', 'EN', 'CN', 'VI', 'JA', 'TH', 'TY'] as const;
export const languageCodeSchema = z.enum(languageCodes);
export type LanguageCode = z.infer<typeof languageCodeSchema>;

/** Game categories (spec 9) plus esports, in header order. */
export const gameCategories = [
  'LOTT',
  'ELOTT',
  'LIVE',
  'SPORTS',
  'FISH',
  'RNG',
  'PVP',
  'ESPORTS',
  'COCKFIGHT',
] as const;
export const gameCategorySchema = z.enum(gameCategories);
export type GameCategory = z.infer<typeof gameCategorySchema>;

/**
 * The house edge (basis points of the stake) at which a stake counts in full when the agents' wages
 * and the manual rebate weigh betting by each game's edge (docs/agents.md "Bounded by the house
 * edge"): a game with a 1 % edge counts one fifth of its stakes.
 */
export const REFERENCE_EDGE_BP = 500;

export const socialNetworks = ['facebook', 'instagram', 'twitter', 'youtube', 'telegram'] as const;

/** The feature flags of the spec (6, 7), as the web sees them. */
export const featureFlagsSchema = z.object({
  loginedToHomePage: z.boolean(),
  smsLogin: z.boolean(),
  directRegistration: z.boolean(),
  mobileRegistration: z.boolean(),
  mobileRegistrationWithPassword: z.boolean(),
  /** CBS3: the chat room. */
  chat: z.boolean(),
  agentPolicy: z.boolean(),
  manualRebate: z.boolean(),
  /** CHNGPASSVERIF3: forgot-password by mobile number. */
  changePasswordByMobile: z.boolean(),
  /** REGMOBVERF3: SMS verification of the mobile number at registration. */
  registerMobileVerification: z.boolean(),
  firebase: z.boolean(),
  freePlay: z.boolean(),
  referral: z.boolean(),
  facebookLogin: z.boolean(),
  googleLogin: z.boolean(),
  dividend: z.boolean(),
  salary: z.boolean(),
  hourSalary: z.boolean(),
  realTimeSalary: z.boolean(),
  passwordExpiry: z.boolean(),
  memberCentreForGuests: z.boolean(),
});
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;

export type SiteKind = 'member' | 'agent';

export { registrationKindsOf } from './registration-kinds.ts';

export const whitelabelSchema = z.object({
  brandName: z.string(),
  merchantCode: z.string(),
  platform: z.literal('web'),
  device: z.literal('WEB'),
  lotteryType: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  currencyPrecision: z.number().int().min(0).max(4),
  logoUrl: z.string(),
  defaultLanguage: languageCodeSchema,
  languages: z.array(languageCodeSchema),
  bengaliDigits: z.boolean(),
  /**
   * The brand's time zone (IANA name): business days, wage periods, reports and the "today" of the
   * pages are cut in it, and pages show their times in it (business-day.ts).
   */
  timeZone: z.string(),
  copyright: z.string(),
  features: featureFlagsSchema,
  social: z.array(z.object({ network: z.enum(socialNetworks), url: z.string() })),
  customerServiceUrl: z.string().nullable(),
  messengerUrl: z.string().nullable(),
  appLinks: z.object({ ios: z.string().nullable(), android: z.string().nullable() }),
  announcementTypes: z.array(z.string()),
  announcementExecution: z.string(),
  gtagId: z.string().nullable(),
});
export type Whitelabel = z.infer<typeof whitelabelSchema>;

export const systemStatusValues = [0, 1, 2] as const;
export const maintenanceSchema = z.object({
  active: z.boolean(),
  message: z.string().nullable(),
  /** ms since epoch, or null when the window is open-ended. */
  startsAt: z.number().nullable(),
  endsAt: z.number().nullable(),
});
export const locationSchema = z.object({ ip: z.string(), country: z.string().nullable() });

export const statusSchema = z.object({
  /** 0 normal, 1 maintenance, 2 region-blocked (spec 4). */
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  ip: z.string(),
  country: z.string().nullable(),
  site: z.enum(['member', 'agent']),
  maintenance: maintenanceSchema,
});
export type SystemStatus = z.infer<typeof statusSchema>;

export const fieldRuleSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  /** A regular expression source; the spec's `*` is served as `.*`. */
  acceptedPattern: z.string(),
  patternId: z.string(),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(0),
});
export type FieldRule = z.infer<typeof fieldRuleSchema>;

export const registerFieldNames = [
  'username',
  'password',
  'checkPass',
  'mobileNum',
  'verificationCode',
  'payeeName',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'email',
  'recommenderId',
  'affiliateCode',
  'captcha',
] as const;
export type RegisterFieldName = (typeof registerFieldNames)[number];

export const registerSettingSchema = z.object({
  ...(Object.fromEntries(registerFieldNames.map((name) => [name, fieldRuleSchema])) as Record<
    RegisterFieldName,
    typeof fieldRuleSchema
  >),
  /** The age a new account confirms (18 or 21 by brand) and the terms' version it accepts (issue 42). */
  minimumAge: z.number().int(),
  termsVersion: z.string(),
});
export type RegisterSetting = z.infer<typeof registerSettingSchema>;

export const countrySchema = z.object({
  countryCode: z.string(),
  countryDialingCode: z.string(),
  name: z.string(),
});

export const domainSchema = z.object({ domain: z.string(), site: z.enum(['member', 'agent']) });

export const permissionSchema = z.object({
  info: z.object({
    whitelabel: whitelabelSchema,
    register: registerSettingSchema,
    resources: z.array(
      z.object({
        url: z.string(),
        labelNameEn: z.string(),
        resourceType: z.string(),
        qrCodeUrl: z.string().nullable(),
      }),
    ),
    customerService: z.object({ url: z.string().nullable(), messengerUrl: z.string().nullable() }),
    analytics: z.object({ gtagId: z.string().nullable() }),
    imageCDNs: z.array(z.string()),
    launchGameCDNs: z.array(z.string()),
  }),
  location: locationSchema,
  maintenance: maintenanceSchema,
  regionRestriction: z.object({ active: z.boolean(), blocked: z.boolean() }),
});
export type Permission = z.infer<typeof permissionSchema>;

/** Spec 3 Game vendor card: one lobby vendor, as the header menu and the lobbies show it. */
export const vendorCardSchema = z.object({
  vassalage: z.string(),
  accountTypeId: z.number().int(),
  displayName: z.string(),
  smallIcon: z.string().nullable(),
  isHot: z.union([z.literal(0), z.literal(1)]),
  gameType: gameCategorySchema,
});
export type VendorCard = z.infer<typeof vendorCardSchema>;

/** The game-category menu of the header: categories that have at least one enabled vendor. */
export const gameMenuSchema = z.array(
  z.object({
    category: gameCategorySchema,
    vendors: z.array(vendorCardSchema),
  }),
);
export type GameMenu = z.infer<typeof gameMenuSchema>;

const hostQuery = z.object({
  url: z.string().min(1).max(255).describe('The host the visitor opened, e.g. www.example.com'),
});

export const systemCalls = {
  whitelabel: defineCall({
    id: 'systemWhitelabel',
    method: 'GET',
    path: '/wps/system/whitelabel',
    auth: 'public',
    encrypted: false,
    summary: 'Brand settings, languages and feature flags',
    tag: 'system',
    value: whitelabelSchema,
  }),
  status: defineCall({
    id: 'systemStatus',
    method: 'GET',
    path: '/wps/system/status',
    auth: 'public',
    encrypted: false,
    summary: 'System status for this visitor: 0 normal, 1 maintenance, 2 region-blocked',
    tag: 'system',
    query: hostQuery,
    value: statusSchema,
  }),
  permission: defineCall({
    id: 'systemPermission',
    method: 'GET',
    path: '/wps/system/permission',
    auth: 'public',
    encrypted: false,
    summary: 'Permission: whitelabel tree, register rules, resources, location, maintenance, region',
    tag: 'system',
    query: hostQuery.partial(),
    value: permissionSchema,
  }),
  permissionInfo: defineCall({
    id: 'systemPermissionInfo',
    method: 'GET',
    path: '/wps/system/permission/info',
    auth: 'public',
    encrypted: false,
    summary: 'The info part of the permission answer alone',
    tag: 'system',
    value: permissionSchema.shape.info,
  }),
  domainRoute: defineCall({
    id: 'systemDomainRoute',
    method: 'GET',
    path: '/wps/system/domainRoute',
    auth: 'public',
    encrypted: false,
    summary: 'The brand domains and whether the given domain is the member or the agent site',
    tag: 'system',
    query: z.object({ domain: z.string().min(1).max(255).optional() }),
    value: z.object({ domainList: z.array(domainSchema), current: domainSchema }),
  }),
  registerSetting: defineCall({
    id: 'systemRegisterSetting',
    method: 'GET',
    path: '/wps/system/setting/register',
    auth: 'public',
    encrypted: false,
    summary: 'Per-field registration rules',
    tag: 'system',
    value: registerSettingSchema,
  }),
  countries: defineCall({
    id: 'systemCountries',
    method: 'GET',
    path: '/wps/system/country',
    auth: 'public',
    encrypted: false,
    summary: 'Country list with dialing codes',
    tag: 'system',
    value: z.array(countrySchema),
  }),
  gameMenus: defineCall({
    id: 'gameMenus',
    method: 'GET',
    path: '/lgw/games/game_menus',
    auth: 'public',
    encrypted: false,
    summary: 'Game categories that have vendors, with their vendors',
    tag: 'games',
    value: gameMenuSchema,
  }),
};
