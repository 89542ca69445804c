import { z } from 'zod';
import {
  authenticateAnswerSchema,
  balanceAnswerSchema,
  transactionAnswerSchema,
  type CreditRequest,
  type DebitRequest,
  type RollbackRequest,
} from '@khela/contract';

/*
 * The protocol's messages as the house uses them: the shared zod schemas of
 * packages/contract/src/vendor-protocol.ts for the answers it trusts, and a lenient reading of
 * refusals (a code this version does not know is still a refusal, not a broken answer).
 */

export const authenticateAnswer = authenticateAnswerSchema;
export type AuthenticateAnswer = z.infer<typeof authenticateAnswerSchema>;

export const balanceAnswer = balanceAnswerSchema;
export type BalanceAnswer = z.infer<typeof balanceAnswerSchema>;

export const moneyAnswer = transactionAnswerSchema;
export type MoneyAnswer = z.infer<typeof transactionAnswerSchema>;

export const errorAnswer = z.object({
  ok: z.literal(false),
  code: z.string(),
  message: z.string().optional(),
});

export type DebitBody = DebitRequest;
export type CreditBody = CreditRequest;
export type RollbackBody = RollbackRequest;
