// The account feature's public entry: what the app shell and other features may use. Pages and
// modals are not here: they stay lazily loaded chunks (routes.tsx, modal-layer.tsx, app/centre/).
export { AccountMenu } from './components/account-menu.tsx';
export { AuthButtons } from './components/auth-buttons.tsx';
export { Balance } from './components/balance.tsx';
export { RankBadge } from './components/rank-badge.tsx';
export { LogoutButton } from './components/logout-button.tsx';
export { MobileNumberField } from './components/mobile-number-field.tsx';
export { useMemberInfo } from './api/get-member-info.ts';
export { useRegistrationKinds } from './lib/use-registration-kinds.ts';
export { rememberAffiliateCode } from './register/affiliate-code.ts';
export { balanceQueryKey, getBalance } from './use-balance.ts';
export { useOpenAccountCentre } from './use-open-account-centre.ts';
