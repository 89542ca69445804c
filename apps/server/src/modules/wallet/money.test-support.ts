// Small helpers of the money tests (deposits, withdrawals, the back office's money calls).

/** The smallest valid PNG: the 8-byte signature and an IHDR chunk are enough for the sniffing. */
export const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);

/** A maker of keys unique in the run (idempotency keys, request ids): `<prefix>-<now>-<n>`. */
export function uniqueKeys(prefix: string): () => string {
  let sequence = 0;
  return () => `${prefix}-${Date.now()}-${++sequence}`;
}
