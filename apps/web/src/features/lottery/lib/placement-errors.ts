import { ApiError } from '@khela/contract';
import { errorTextKey, fieldIssueText } from '../../../shared/forms/api-errors.ts';
import { amountRangeText, errorCode } from '../../wallet/index.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Where a refused slip's message goes: under the stake, the numbers, the multiplier, or the slip. */
export type SlipField = 'unitStake' | 'numbers' | 'multiplier' | 'slip';

export interface SlipError {
  field: SlipField;
  text: string;
}

const slipFields: readonly SlipField[] = ['unitStake', 'numbers', 'multiplier'];

function fieldOf(path: string): SlipField {
  const head = path.split(/[.[]/)[0] ?? '';
  return (slipFields as readonly string[]).includes(head) ? (head as SlipField) : 'slip';
}

/**
 * A refused slip, in words and in place (spec 5: errors under each field): betting closed, not
 * enough money and a stake out of range (with the server's min and max), the server's field issues.
 */
export function slipErrorOf(error: unknown, t: Translate, money: (text: string) => string): SlipError {
  switch (errorCode(error)) {
    case 'BETTING_CLOSED':
      return { field: 'slip', text: t('err_betting_closed') };
    case 'INSUFFICIENT_FUNDS':
      return { field: 'unitStake', text: t('err_insufficient_funds') };
    case 'AMOUNT_OUT_OF_RANGE':
      return { field: 'unitStake', text: amountRangeText(error, t, money) };
    case 'VALIDATION_FAILED': {
      const issue = error instanceof ApiError ? error.issues[0] : undefined;
      if (issue) return { field: fieldOf(issue.field), text: fieldIssueText(issue, t) };
      break;
    }
    default:
      break;
  }
  return { field: 'slip', text: t(errorTextKey(error)) };
}
