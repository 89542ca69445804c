// No zod here: the defaults a fresh site serves until the operator's settings document says
// otherwise. The server's settings schema (apps/server settings.schema.ts) defaults to these, and the
// web's test fixtures build on them, so a test never copies the server's defaults.
import { defaultTimeZone } from './business-day.ts';
import type { FeatureFlags, FieldRule, RegisterFieldName, Whitelabel } from './system.ts';

/** Feature switches of the demo brand (spec 4 whitelabel `features`). */
export const defaultFeatureFlags: FeatureFlags = {
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
  hourSalary: true,
  realTimeSalary: true,
  passwordExpiry: false,
  memberCentreForGuests: false,
};

function rule(partial: Partial<FieldRule> & Pick<FieldRule, 'patternId'>): FieldRule {
  return { enabled: false, required: false, acceptedPattern: '.*', minLength: 0, maxLength: 64, ...partial };
}

/** Registration rules of the demo brand; the operator changes them in the settings document. */
export const defaultRegisterRules: Record<RegisterFieldName, FieldRule> = {
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

/** The brand of a fresh site: what the whitelabel call answers before the operator changes it. */
export const defaultBrand: Readonly<Omit<Whitelabel, 'platform' | 'device' | 'features'>> = {
  brandName: 'Khela',
  merchantCode: 'KHELA',
  lotteryType: 'SEA',
  currency: 'BDT',
  currencySymbol: '৳',
  currencyPrecision: 2,
  logoUrl: '/brand/logo.svg',
  defaultLanguage: 'BN',
  languages: ['BN', 'EN', 'CN', 'VI', 'JA', 'TH'],
  bengaliDigits: false,
  timeZone: defaultTimeZone,
  copyright: '© Khela. All rights reserved. 18+ Play responsibly.',
  social: [],
  customerServiceUrl: null,
  messengerUrl: null,
  appLinks: { ios: null, android: null },
  announcementTypes: ['B', 'PL', 'PU', 'PR', 'H'],
  announcementExecution: 'B',
  gtagId: null,
};
