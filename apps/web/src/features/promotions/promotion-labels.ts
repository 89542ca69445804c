import type { ActivityState, PromotionType } from '@khela/contract';

/** Spec 4 activity states: the label shown on a promotion's card and button. */
export const activityStateLabelKeys: Record<ActivityState, string> = {
  join: 'promo_state_join',
  claim: 'promo_state_claim',
  applying: 'promo_state_applying',
  closed: 'promo_state_closed',
  rejected: 'promo_state_rejected',
  issued: 'promo_state_issued',
  claimed: 'promo_state_claimed',
  process: 'promo_state_process',
  joined: 'promo_state_joined',
  coming_soon: 'promo_state_coming_soon',
};

export const promotionTypeLabelKeys: Record<PromotionType, string> = {
  welcome: 'promo_type_welcome',
  deposit: 'promo_type_deposit',
  rebate: 'promo_type_rebate',
  vip: 'promo_type_vip',
  event: 'promo_type_event',
};
