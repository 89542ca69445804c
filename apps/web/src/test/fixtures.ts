import type { FeatureFlags, GameMenu, SystemStatus, Whitelabel } from '@khela/contract';

export const features: FeatureFlags = {
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

/** The demo brand as the server's defaults describe it (apps/server settings). */
export function whitelabelFixture(overrides: Partial<Whitelabel> = {}): Whitelabel {
  return {
    brandName: 'Khela',
    merchantCode: 'KHELA',
    platform: 'web',
    device: 'WEB',
    lotteryType: 'SEA',
    currency: 'BDT',
    currencySymbol: '৳',
    currencyPrecision: 2,
    logoUrl: '/brand/logo.svg',
    defaultLanguage: 'BN',
    languages: ['BN', 'EN', 'CN', 'VI', 'JA', 'TH'],
    bengaliDigits: false,
    copyright: '© Khela. All rights reserved. 18+ Play responsibly.',
    features,
    social: [],
    customerServiceUrl: null,
    messengerUrl: null,
    appLinks: { ios: null, android: null },
    announcementTypes: ['B', 'PL', 'PU', 'PR', 'H'],
    announcementExecution: 'B',
    gtagId: null,
    ...overrides,
  };
}

export function statusFixture(overrides: Partial<SystemStatus> = {}): SystemStatus {
  return {
    status: 0,
    ip: '203.0.113.7',
    country: 'BD',
    site: 'member',
    maintenance: { active: false, message: null, startsAt: null, endsAt: null },
    ...overrides,
  };
}

export const gameMenusFixture: GameMenu = [
  {
    category: 'RNG',
    vendors: [
      {
        vassalage: 'KHELA_SLOTS',
        accountTypeId: 1,
        displayName: 'Khela Slots',
        smallIcon: null,
        isHot: 1,
        gameType: 'RNG',
      },
    ],
  },
  {
    category: 'FISH',
    vendors: [
      {
        vassalage: 'KHELA_FISH',
        accountTypeId: 2,
        displayName: 'Khela Fishing',
        smallIcon: null,
        isHot: 0,
        gameType: 'FISH',
      },
    ],
  },
];

/** A help centre of two articles, as GET /wps/system/helpCenter answers (value). */
export const helpCenterFixture = {
  menus: [
    {
      id: 1,
      slug: 'about',
      title: 'খেলা সম্পর্কে',
      articles: [
        {
          id: 1,
          slug: 'about-company',
          title: 'খেলা সম্পর্কে',
          content: '<p>খেলা একটি অনলাইন গেমস সাইট।</p>',
          updatedAt: 1_790_000_000_000,
        },
        {
          id: 5,
          slug: 'privacy-policy',
          title: 'গোপনীয়তা নীতি',
          content: '<p>আমরা আপনার তথ্য বিক্রি করি না।</p><script>alert(1)</script>',
          updatedAt: 1_790_000_000_000,
        },
      ],
    },
  ],
};
