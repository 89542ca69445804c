/** A promotion's bonus figures with nothing claimed (the bonus pages' tests list rows with them). */
const zero = { count: 0, amount: '0.00' };
export const noBonusFigures = {
  claims: 0,
  waiting: 0,
  granted: zero,
  active: zero,
  converted: zero,
  forfeited: zero,
  expired: zero,
  lost: 0,
  lapsed: 0,
  rewards: { waiting: zero, claimed: zero, expired: zero },
};
