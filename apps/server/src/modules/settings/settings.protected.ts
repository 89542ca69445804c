/**
 * The protected settings (issues 35 and 36): the ones through which one operator alone could move
 * money out, create it, or steer a result. The back office's settings save may tighten them but
 * never loosen them, whoever asks, an owner too; loosening is done on the server's command line
 * (`npm run settings`), by whoever runs the site, outside the back office's reach
 * (docs/back-office-money.md "Protected settings").
 *
 * Each rule names the paths it holds (as settingsDiff gives them) and which way is looser:
 * - `changed`: any change (where money goes or comes from, where a result comes from);
 * - `higher` / `lower`: a number or decimal amount moved that way;
 * - `limit`: a limit where `0` turns it off, so raising it or setting it to `0` loosens it.
 */
type Direction = 'changed' | 'higher' | 'lower' | 'limit';

interface ProtectedRule {
  path: RegExp;
  looser: Direction | ((before: unknown, after: unknown) => boolean);
  /** What one operator could do with it, for the refusal's text. */
  why: string;
}

const money = 'lets one operator alone move money';
const result = 'lets one operator alone steer a lottery result';

export const protectedSettings: readonly ProtectedRule[] = [
  // Registration's age gate (issue 42): admitting younger players is the site's licence, not one operator's call.
  {
    path: /^registration\.minimumAge$/,
    looser: 'lower',
    why: 'lets one operator alone admit younger players',
  },
  // Insider controls on operators' money (issue 35).
  {
    path: /^insiderControls\.(adjustCountPerOperatorDay|adjustSumPerOperatorDay|adjustCountPerMemberDay|adjustSumPerMemberDay|disburseSecondOperatorFrom|bonusApplicationSecondApproverFrom)$/,
    looser: 'limit',
    why: money,
  },
  { path: /^insiderControls\.creditorCoolingHours$/, looser: 'lower', why: money },
  // Wages bounded by the house edge: a larger share or edge pays agents more than the house wins.
  {
    path: /^agentWages\.(edgeShare|undeclaredEdge)$/,
    looser: 'higher',
    why: 'lets wages pay out more than the edge',
  },
  // The manual rebate's rates (issue 39): a higher rate gives more of the house's expected win away.
  {
    path: /^rebate\.rates\.\w+$/,
    looser: 'higher',
    why: 'lets one operator alone raise what the rebate pays',
  },
  // Loyalty points (issue 40 item 2): a higher rate or share, or fewer points to a unit of cash,
  // gives more of the house's expected win away as points.
  {
    path: /^loyaltyPoints\.(rates\.\w+|edgeShare)$/,
    looser: 'higher',
    why: 'lets one operator alone raise what points pay',
  },
  {
    path: /^loyaltyPoints\.pointsPerCash$/,
    looser: 'lower',
    why: 'lets one operator alone raise what points pay',
  },
  // Moving the rebate's start earlier (or removing it) pays on betting from before it began.
  {
    path: /^rebate\.countFrom$/,
    looser: startsEarlier,
    why: 'lets one operator alone pay rebates on past betting',
  },
  // The lottery's odds ceiling and liability caps (issue 36 item 6): the four eyes on odds.
  {
    path: /^lotteryRisk\.rtpCeiling$/,
    looser: 'higher',
    why: 'lets odds above the ceiling through one operator',
  },
  {
    path: /^lotteryRisk\.liabilityCaps\.\w+$/,
    looser: 'limit',
    why: 'lets the house owe more on one number',
  },
  // Where a draw's randomness and an official sheet come from (issue 36 items 1 and 5).
  { path: /^lotteryFairness\.cancelFreezeMinutes$/, looser: 'lower', why: result },
  { path: /^lotteryFairness\.beacon\.deadlineMinutes$/, looser: 'lower', why: result },
  { path: /^lotteryFairness\.beacon\.(?!deadlineMinutes$)\w+$/, looser: 'changed', why: result },
  { path: /^lotteryResults\.deadlineMinutes$/, looser: 'lower', why: result },
  { path: /^lotteryResults\.feed\.(kind|urlTemplate|format)$/, looser: 'changed', why: result },
  // Where players' money is paid to and who confirms it (issue 37): a swapped merchant, endpoint
  // or key sends deposits to someone else or has a fake provider confirm unpaid ones.
  {
    path: /^payments\.(bkash|nagad)\.(?!minAmount$|maxAmount$|timeoutSeconds$)\w+$/,
    looser: 'changed',
    why: money,
  },
  // Payouts by bKash B2C (issue 37 item 4): a swapped endpoint or account would have a fake bKash
  // report payouts paid that nobody received; a higher ceiling sends more per payout unchecked.
  {
    path: /^payments\.bkashB2c\.(?!minAmount$|maxAmount$|timeoutSeconds$)\w+$/,
    looser: 'changed',
    why: money,
  },
  { path: /^payments\.bkashB2c\.maxAmount$/, looser: 'higher', why: money },
  { path: /^payments\.depositMethods$/, looser: receivingAccountAdded, why: money },
  // Minor units are read with the currency's precision: a change rescales every balance shown.
  { path: /^(currency|currencyPrecision)$/, looser: 'changed', why: money },
];

/** Compares two decimal texts (or numbers) exactly: negative, zero or positive. */
function compareDecimal(a: unknown, b: unknown): number {
  const split = (value: unknown) => {
    const [whole = '0', fraction = ''] = String(value ?? 0).split('.');
    return { whole: BigInt(whole), fraction };
  };
  const [x, y] = [split(a), split(b)];
  const width = Math.max(x.fraction.length, y.fraction.length);
  const scaled = (v: { whole: bigint; fraction: string }) =>
    v.whole * 10n ** BigInt(width) + BigInt(v.fraction.padEnd(width, '0') || '0');
  const difference = scaled(x) - scaled(y);
  return difference === 0n ? 0 : difference > 0n ? 1 : -1;
}

const isZero = (value: unknown) => compareDecimal(value, 0) === 0;

/** A start moment (ISO text, or null: since always) moved earlier, or taken away. */
function startsEarlier(before: unknown, after: unknown): boolean {
  if (before === null || before === undefined) return false;
  if (after === null || after === undefined) return true;
  return Date.parse(String(after)) < Date.parse(String(before));
}

/**
 * The deposit methods' receiving accounts: a method (new, renamed or re-pointed) that takes money
 * into an account, a provider or a gateway the list did not have before, on or off. Turning one
 * off or on again, taking it away or changing its names, limits or fee is open to the back office.
 */
function receivingAccountAdded(before: unknown, after: unknown): boolean {
  const receiving = (methods: unknown) =>
    new Set(
      (Array.isArray(methods) ? (methods as Record<string, unknown>[]) : []).map((method) =>
        JSON.stringify([method.code, method.kind, method.bank ?? null, method.walletProvider ?? null]),
      ),
    );
  const had = receiving(before);
  return [...receiving(after)].some((account) => !had.has(account));
}

function isLooser(looser: ProtectedRule['looser'], before: unknown, after: unknown): boolean {
  if (typeof looser === 'function') return looser(before, after);
  switch (looser) {
    case 'changed':
      return true;
    case 'higher':
      return compareDecimal(after, before) > 0;
    case 'lower':
      return compareDecimal(after, before) < 0;
    case 'limit':
      return !isZero(before) && (isZero(after) || compareDecimal(after, before) > 0);
  }
}

/** The changes (settingsDiff's) that loosen a protected setting, with why each is refused. */
export function protectedSettingsLoosened(
  changes: readonly { path: string; before: unknown; after: unknown }[],
): { path: string; reason: string }[] {
  const loosened: { path: string; reason: string }[] = [];
  for (const { path, before, after } of changes) {
    const rule = protectedSettings.find((candidate) => candidate.path.test(path));
    if (rule && isLooser(rule.looser, before, after)) {
      loosened.push({
        path,
        reason: `${rule.why}: loosening it is done on the server (npm run settings), not in the back office`,
      });
    }
  }
  return loosened;
}
