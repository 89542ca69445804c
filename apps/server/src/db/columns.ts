import { customType } from 'drizzle-orm/pg-core';

/** Binary data (images). PGlite answers Uint8Array, pg answers Buffer: one type for the code. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
