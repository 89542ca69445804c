import { z } from 'zod';

/**
 * The fields of a request that waits for a second operator (four eyes), spread into its schema:
 * who asked for it and when, and who decided it, when and why (null while it waits).
 */
export const fourEyesDecisionFields = {
  requestedBy: z.string(),
  requestedAt: z.number(),
  decidedBy: z.string().nullable(),
  decidedAt: z.number().nullable(),
  decisionReason: z.string().nullable(),
};
