import type { calls } from '@khela/contract';

type Calls = typeof calls;
type RoutePart<K extends keyof Calls> = Pick<Calls[K], 'id' | 'method' | 'path' | 'encrypted'> & {
  bodyKind?: 'json' | 'form';
};

/**
 * The calls the web makes, without their zod schemas. `calls` from the contract builds every schema
 * when imported (about 26 KB gzipped of zod), which the home route's 150 KB budget cannot carry; the
 * client needs only id, method and path. Each entry is typed as the contract's definition so inputs and
 * values stay typed from the contract, and `api-routes.test.ts` checks every entry against `calls`.
 */
function route<K extends keyof Calls>(part: RoutePart<K>): Calls[K] {
  return part as Calls[K];
}

export const apiRoutes = {
  whitelabel: route<'whitelabel'>({
    id: 'systemWhitelabel',
    method: 'GET',
    path: '/wps/system/whitelabel',
    encrypted: false,
  }),
  status: route<'status'>({
    id: 'systemStatus',
    method: 'GET',
    path: '/wps/system/status',
    encrypted: false,
  }),
  permission: route<'permission'>({
    id: 'systemPermission',
    method: 'GET',
    path: '/wps/system/permission',
    encrypted: false,
  }),
  domainRoute: route<'domainRoute'>({
    id: 'systemDomainRoute',
    method: 'GET',
    path: '/wps/system/domainRoute',
    encrypted: false,
  }),
  registerSetting: route<'registerSetting'>({
    id: 'systemRegisterSetting',
    method: 'GET',
    path: '/wps/system/setting/register',
    encrypted: false,
  }),
  countries: route<'countries'>({
    id: 'systemCountries',
    method: 'GET',
    path: '/wps/system/country',
    encrypted: false,
  }),
  gameMenus: route<'gameMenus'>({
    id: 'gameMenus',
    method: 'GET',
    path: '/lgw/games/game_menus',
    encrypted: false,
  }),
  banners: route<'banners'>({
    id: 'contentBanners',
    method: 'GET',
    path: '/wps/system/banners',
    encrypted: false,
  }),
  announcements: route<'announcements'>({
    id: 'MCSFE_getListAnnouncements',
    method: 'GET',
    path: '/wps/relay/MCSFE_getListAnnouncements',
    encrypted: false,
  }),
  helpCenter: route<'helpCenter'>({
    id: 'systemHelpCenter',
    method: 'GET',
    path: '/wps/system/helpCenter',
    encrypted: false,
  }),
  promotions: route<'promotions'>({
    id: 'contentPromotions',
    method: 'GET',
    path: '/wps/promotion/list',
    encrypted: false,
  }),
  promotionDetail: route<'promotionDetail'>({
    id: 'contentPromotionDetail',
    method: 'GET',
    path: '/wps/promotion/detail',
    encrypted: false,
  }),
  // Accounts and sessions (docs/accounts.md).
  publicKey: route<'publicKey'>({
    id: 'systemPublicKey',
    method: 'GET',
    path: '/wps/system/publicKey',
    encrypted: false,
  }),
  humanChallenge: route<'humanChallenge'>({
    id: 'humanChallenge',
    method: 'GET',
    path: '/wps/verification/challenge',
    encrypted: false,
  }),
  captcha: route<'captcha'>({
    id: 'captcha',
    method: 'GET',
    path: '/wps/captcha',
    encrypted: false,
  }),
  login: route<'login'>({
    id: 'login',
    method: 'POST',
    path: '/wps/session/login',
    encrypted: true,
  }),
  loginTwoFactor: route<'loginTwoFactor'>({
    id: 'loginTwoFactor',
    method: 'POST',
    path: '/wps/session/login/2fa',
    encrypted: true,
  }),
  freePlay: route<'freePlay'>({
    id: 'loginFreePlay',
    method: 'POST',
    path: '/wps/session/login/freeplay',
    encrypted: false,
  }),
  logout: route<'logout'>({
    id: 'logout',
    method: 'DELETE',
    path: '/wps/session/logout',
    encrypted: false,
  }),
  smsNoLogin: route<'smsNoLogin'>({
    id: 'smsNoLogin',
    method: 'POST',
    path: '/wps/verification/sms/noLogin',
    encrypted: false,
  }),
  smsRegister: route<'smsRegister'>({
    id: 'smsRegister',
    method: 'POST',
    path: '/wps/verification/sms/register',
    encrypted: false,
  }),
  memberInfo: route<'memberInfo'>({
    id: 'memberInfo',
    method: 'GET',
    path: '/wps/member/info',
    encrypted: false,
  }),
  playerAvatar: route<'playerAvatar'>({
    id: 'playerAvatar',
    method: 'GET',
    path: '/wps/relay/MCSFE_getPlayerAvatar',
    encrypted: false,
  }),
  firstLogin: route<'firstLogin'>({
    id: 'firstLogin',
    method: 'POST',
    path: '/wps/member/firstLogin',
    encrypted: false,
  }),
  register: route<'register'>({
    id: 'register',
    method: 'PUT',
    path: '/wps/member/register',
    encrypted: true,
  }),
  registerMobile: route<'registerMobile'>({
    id: 'registerMobile',
    method: 'PUT',
    path: '/wps/member/register/mobile',
    encrypted: true,
  }),
  changePassword: route<'changePassword'>({
    id: 'changePassword',
    method: 'POST',
    path: '/wps/member/password',
    encrypted: true,
  }),
  passwordByEmail: route<'passwordByEmail'>({
    id: 'passwordByEmail',
    method: 'POST',
    path: '/wps/member/password/email',
    encrypted: false,
    bodyKind: 'form',
  }),
  passwordResetCheck: route<'passwordResetCheck'>({
    id: 'passwordResetCheck',
    method: 'POST',
    path: '/wps/member/password/reset/check',
    encrypted: false,
  }),
  passwordReset: route<'passwordReset'>({
    id: 'passwordReset',
    method: 'POST',
    path: '/wps/member/password/reset',
    encrypted: true,
  }),
  passwordByPhone: route<'passwordByPhone'>({
    id: 'passwordByPhone',
    method: 'POST',
    path: '/wps/member/password/verification',
    encrypted: true,
  }),
  affiliateCheck: route<'affiliateCheck'>({
    id: 'affiliateCheck',
    method: 'GET',
    path: '/wps/agent/affiliate',
    encrypted: false,
  }),
  twoFactorSetup: route<'twoFactorSetup'>({
    id: 'twoFactorSetup',
    method: 'POST',
    path: '/wps/member/2fa/setup',
    encrypted: false,
  }),
  twoFactorConfirm: route<'twoFactorConfirm'>({
    id: 'twoFactorConfirm',
    method: 'POST',
    path: '/wps/member/2fa/confirm',
    encrypted: false,
  }),
  twoFactorDisable: route<'twoFactorDisable'>({
    id: 'twoFactorDisable',
    method: 'POST',
    path: '/wps/member/2fa/disable',
    encrypted: true,
  }),
  smsMember: route<'smsMember'>({
    id: 'smsMember',
    method: 'POST',
    path: '/wps/verification/sms/member',
    encrypted: false,
  }),
  updateContact: route<'updateContact'>({
    id: 'updateContact',
    method: 'PUT',
    path: '/wps/member/contact',
    encrypted: true,
  }),
  setPaymentPassword: route<'setPaymentPassword'>({
    id: 'setPaymentPassword',
    method: 'POST',
    path: '/wps/member/password/payment',
    encrypted: true,
  }),
  socialStart: route<'socialStart'>({
    id: 'socialStart',
    method: 'POST',
    path: '/wps/social/start',
    encrypted: false,
  }),
  socialComplete: route<'socialComplete'>({
    id: 'socialComplete',
    method: 'POST',
    path: '/wps/social/complete',
    encrypted: false,
  }),
  socialLink: route<'socialLink'>({
    id: 'socialLink',
    method: 'POST',
    path: '/wps/social/link',
    encrypted: true,
  }),
  socialRegister: route<'socialRegister'>({
    id: 'socialRegister',
    method: 'POST',
    path: '/wps/social/register',
    encrypted: false,
  }),
  // Wallet.
  balance: route<'balance'>({
    id: 'walletBalance',
    method: 'GET',
    path: '/wps/v2/wallets/balance',
    encrypted: false,
  }),
  accountRecord: route<'accountRecord'>({
    id: 'walletAccountRecord',
    method: 'GET',
    path: '/wps/wallet/record',
    encrypted: false,
  }),
  gameWallets: route<'gameWallets'>({
    id: 'walletGameWallets',
    method: 'GET',
    path: '/wps/relay/GCS_gameWallets',
    encrypted: false,
  }),
  walletTransfer: route<'walletTransfer'>({
    id: 'walletTransfer',
    method: 'POST',
    path: '/wps/relay/GCS_walletTransfer',
    encrypted: false,
  }),
  transferUpline: route<'transferUpline'>({
    id: 'walletTransferUpline',
    method: 'POST',
    path: '/wps/wallet/transferUpline',
    encrypted: true,
  }),
  transferDownline: route<'transferDownline'>({
    id: 'walletTransferDownline',
    method: 'POST',
    path: '/wps/agent/transferDownline',
    encrypted: true,
  }),
  depositMethods: route<'depositMethods'>({
    id: 'depositMethods',
    method: 'GET',
    path: '/wps/deposit/methods',
    encrypted: false,
  }),
  createDeposit: route<'createDeposit'>({
    id: 'depositCreate',
    method: 'POST',
    path: '/wps/deposit/create',
    encrypted: false,
  }),
  depositHistory: route<'depositHistory'>({
    id: 'depositHistory',
    method: 'GET',
    path: '/wps/deposit/history',
    encrypted: false,
  }),
  depositLimits: route<'depositLimits'>({
    id: 'depositLimits',
    method: 'GET',
    path: '/wps/deposit/limits',
    encrypted: false,
  }),
  setDepositLimits: route<'setDepositLimits'>({
    id: 'depositLimitsSet',
    method: 'POST',
    path: '/wps/deposit/limits',
    encrypted: false,
  }),
  withdrawInfo: route<'withdrawInfo'>({
    id: 'withdrawInfo',
    method: 'GET',
    path: '/wps/withdraw/info',
    encrypted: false,
  }),
  payoutAccounts: route<'payoutAccounts'>({
    id: 'withdrawAccounts',
    method: 'GET',
    path: '/wps/withdraw/accounts',
    encrypted: false,
  }),
  bindPayoutAccount: route<'bindPayoutAccount'>({
    id: 'withdrawAccountBind',
    method: 'POST',
    path: '/wps/withdraw/account/bind',
    encrypted: true,
  }),
  createWithdrawal: route<'createWithdrawal'>({
    id: 'withdrawCreate',
    method: 'POST',
    path: '/wps/withdraw/create',
    encrypted: true,
  }),
  withdrawHistory: route<'withdrawHistory'>({
    id: 'withdrawHistory',
    method: 'GET',
    path: '/wps/withdraw/history',
    encrypted: false,
  }),
  confirmWithdrawal: route<'confirmWithdrawal'>({
    id: 'withdrawConfirm',
    method: 'POST',
    path: '/wps/withdraw/confirm',
    encrypted: false,
  }),
  // Games: catalogue, lobbies, saved and recent games, ranks (contract games.ts) and launch.
  gameVendors: route<'gameVendors'>({
    id: 'GCSGAME_gameVendor',
    method: 'GET',
    path: '/wps/relay/GCSGAME_gameVendor',
    encrypted: false,
  }),
  vassalageGameTypes: route<'vassalageGameTypes'>({
    id: 'GCSGAME_getVassGameType',
    method: 'GET',
    path: '/wps/relay/GCSGAME_getVassGameType',
    encrypted: false,
  }),
  gameList: route<'gameList'>({
    id: 'GCSGAME_gameList',
    method: 'GET',
    path: '/wps/relay/GCSGAME_gameList',
    encrypted: false,
  }),
  winnerBoard: route<'winnerBoard'>({
    id: 'winnerBoard',
    method: 'GET',
    path: '/wps/relay/MCSFE_getWinnerBoard',
    encrypted: false,
  }),
  hotGames: route<'hotGames'>({
    id: 'GCSGAME_hotGamesV2',
    method: 'GET',
    path: '/wps/relay/GCSGAME_hotGamesV2',
    encrypted: false,
  }),
  favouriteGames: route<'favouriteGames'>({
    id: 'MCSFE_getFavoriteGames',
    method: 'GET',
    path: '/wps/relay/MCSFE_getFavoriteGames',
    encrypted: false,
  }),
  favouriteGamesList: route<'favouriteGamesList'>({
    id: 'MCSFE_getFavoriteGamesList',
    method: 'GET',
    path: '/wps/relay/MCSFE_getFavoriteGamesList',
    encrypted: false,
  }),
  addFavouriteGame: route<'addFavouriteGame'>({
    id: 'MCSFE_addFavoriteGame',
    method: 'POST',
    path: '/wps/relay/MCSFE_addFavoriteGame',
    encrypted: false,
  }),
  removeFavouriteGame: route<'removeFavouriteGame'>({
    id: 'MCSFE_removeFavoriteGame',
    method: 'POST',
    path: '/wps/relay/MCSFE_removeFavoriteGame',
    encrypted: false,
  }),
  recentGames: route<'recentGames'>({
    id: 'GCS_recentGame',
    method: 'GET',
    path: '/wps/relay/GCS_recentGame',
    encrypted: false,
  }),
  roomList: route<'roomList'>({
    id: 'GLS2_roomList',
    method: 'GET',
    path: '/wps/relay/GLS2_roomList',
    encrypted: false,
  }),
  rankList: route<'rankList'>({
    id: 'GCSGAME_getRankList',
    method: 'GET',
    path: '/wps/relay/GCSGAME_getRankList',
    encrypted: false,
  }),
  popularGames: route<'popularGames'>({
    id: 'popularGames',
    method: 'GET',
    path: '/lgw/games/popular',
    encrypted: false,
  }),
  launchGame: route<'launchGame'>({
    id: 'launchGame',
    method: 'POST',
    path: '/wps/game/launchGame',
    encrypted: false,
  }),
  // Betting record and profit and loss (contract records.ts).
  bettingRecord: route<'bettingRecord'>({
    id: 'MCSFE_getBettingRecord',
    method: 'GET',
    path: '/wps/relay/MCSFE_getBettingRecord',
    encrypted: false,
  }),
  personalProfit: route<'personalProfit'>({
    id: 'MCSFE_getPersonalProfit',
    method: 'GET',
    path: '/wps/relay/MCSFE_getPersonalProfit',
    encrypted: false,
  }),
} satisfies Partial<Calls>;
