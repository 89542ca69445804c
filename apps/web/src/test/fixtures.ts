import type { FeatureFlags, GameMenu, SystemStatus, Whitelabel } from '@khela/contract';
import { defaultBrand, defaultFeatureFlags } from '@khela/contract/settings-defaults';

/** The feature switches of a fresh site: the server's defaults, from the contract. */
export const features: FeatureFlags = defaultFeatureFlags;

/** The demo brand as the server's defaults describe it (the contract's settings defaults). */
export function whitelabelFixture(overrides: Partial<Whitelabel> = {}): Whitelabel {
  return { ...defaultBrand, platform: 'web', device: 'WEB', features, ...overrides };
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
