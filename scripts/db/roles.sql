-- Two PostgreSQL roles for a production database (docs/operations.md, Database roles): an OWNER
-- that holds every table, view, function and trigger and runs the migrations, and the APP role the
-- server connects as, which reads and writes rows but owns nothing. A role that owns nothing cannot
-- ALTER TABLE … DISABLE TRIGGER, DROP or replace the append-only triggers of the operators' audit
-- and of the ledger, and a role that is not a superuser cannot SET session_replication_role =
-- replica (which would skip every trigger): the application cannot switch its own audit off.
--
-- Run once per database, connected to it as a superuser (or the database owner with CREATEROLE):
--   psql "postgres://postgres@db-host/khela" -v ON_ERROR_STOP=1 -f scripts/db/roles.sql
-- then give both roles passwords (\password khela_owner, \password khela_app), and start the
-- server with DATABASE_URL as khela_app and DATABASE_OWNER_URL as khela_owner (the migrations at
-- start run as the owner; npm run db:migrate with DATABASE_URL as khela_owner does them alone). Safe to run again: it makes
-- what is missing and hands anything owned by another role (an older deploy's) to khela_owner.
-- PGlite (no DATABASE_URL) has one user and no roles: the demo database has no such protection.

DO $roles$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'khela_owner') THEN
    CREATE ROLE khela_owner LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'khela_app') THEN
    CREATE ROLE khela_app LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS NOINHERIT;
  END IF;
  -- Never a member of the owner (it would inherit the ownership) nor able to become it.
  IF pg_has_role('khela_app', 'khela_owner', 'MEMBER') THEN
    RAISE EXCEPTION 'khela_app is a member of khela_owner: revoke that first';
  END IF;
  EXECUTE format('ALTER DATABASE %I OWNER TO khela_owner', current_database());
  EXECUTE format('REVOKE ALL ON DATABASE %I FROM PUBLIC', current_database());
  -- CREATE: the job queue makes its own schema at first start (CREATE SCHEMA IF NOT EXISTS pgboss,
  -- refused without it even when the schema exists); a schema of its own gives it no right on
  -- the owner's objects.
  EXECUTE format('GRANT CONNECT, TEMPORARY, CREATE ON DATABASE %I TO khela_app', current_database());
END
$roles$;

ALTER SCHEMA public OWNER TO khela_owner;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO khela_app;
-- Drizzle's record of the migrations applied: the owner's; the app may read it.
CREATE SCHEMA IF NOT EXISTS drizzle AUTHORIZATION khela_owner;
ALTER SCHEMA drizzle OWNER TO khela_owner;
GRANT USAGE ON SCHEMA drizzle TO khela_app;
-- The job queue (pg-boss creates and migrates its own tables at start): the app's own schema.
CREATE SCHEMA IF NOT EXISTS pgboss AUTHORIZATION khela_app;

-- Whatever exists already (a database migrated before the roles existed) goes to the owner.
DO $owner$
DECLARE
  item record;
BEGIN
  FOR item IN
    SELECT format('ALTER %s %I.%I OWNER TO khela_owner',
             CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
                            WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END,
             n.nspname, c.relname) AS statement
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname IN ('public', 'drizzle') AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
       AND pg_get_userbyid(c.relowner) <> 'khela_owner'
       -- A sequence owned by a column moves with its table.
       AND NOT (c.relkind = 'S' AND EXISTS (
             SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i')))
  LOOP
    EXECUTE item.statement;
  END LOOP;
  FOR item IN
    SELECT format('ALTER %s %s OWNER TO khela_owner',
             CASE p.prokind WHEN 'p' THEN 'PROCEDURE' ELSE 'FUNCTION' END,
             p.oid::regprocedure) AS statement
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public' AND pg_get_userbyid(p.proowner) <> 'khela_owner'
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
  LOOP
    EXECUTE item.statement;
  END LOOP;
  FOR item IN
    SELECT format('ALTER TYPE %I.%I OWNER TO khela_owner', n.nspname, t.typname) AS statement
      FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
     WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd', 'c')
       AND pg_get_userbyid(t.typowner) <> 'khela_owner'
       AND NOT (t.typtype = 'c' AND EXISTS (
             SELECT 1 FROM pg_class c WHERE c.oid = t.typrelid AND c.relkind <> 'c'))
  LOOP
    EXECUTE item.statement;
  END LOOP;
END
$owner$;

-- Rows, not objects: what exists now and what the owner's migrations make later.
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO khela_app;
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO khela_app;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO khela_app;
GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO khela_app;
ALTER DEFAULT PRIVILEGES FOR ROLE khela_owner IN SCHEMA public
  GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO khela_app;
ALTER DEFAULT PRIVILEGES FOR ROLE khela_owner IN SCHEMA public
  GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO khela_app;
ALTER DEFAULT PRIVILEGES FOR ROLE khela_owner IN SCHEMA public GRANT EXECUTE ON FUNCTIONS TO khela_app;
ALTER DEFAULT PRIVILEGES FOR ROLE khela_owner IN SCHEMA drizzle GRANT SELECT ON TABLES TO khela_app;
