import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * Any drizzle PostgreSQL database (PGlite or node-postgres), with or without a relational schema:
 * the house uses only the query builder on its own `hg_` tables, so the platform can hand over its
 * own database when it mounts the house in-process.
 */
// The schema parameter is left open on purpose: the platform's db carries the platform's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type HouseDatabase = PgDatabase<PgQueryResultHKT, any>;
