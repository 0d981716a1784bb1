CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA extensions;

-- Extensions and schemas. `private` holds what no API role may call or read directly
-- (helpers, trigger functions, secrets, limits); PostgREST exposes only `public`.
--
-- The current rule (see ../README.md, "The schema"); "(from NNNN)" names the migration that
-- last made it. A change here needs a new migration too: tests/production/schema-files.test.ts.

CREATE SCHEMA private;
