/**
 * The lobby constants of spec 5 and 9, as plain values. The contract exports the same ones, but a
 * value import from `@khela/contract` pulls its zod schemas into the chunk, and the header (home
 * route, 117 KB budget) reaches this feature; `constants.test.ts` keeps both equal.
 */
export const slotPageSize = 21;
export const slotClassifies = ['SC', 'VP', 'JP', 'TG', 'AC', 'BG'] as const;
export const minBetOptions = ['0.01', '0.05', '0.1', '0.5', '0.75'] as const;
export const rankLimit = 20;
