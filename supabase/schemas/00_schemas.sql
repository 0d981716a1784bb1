CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA extensions;

-- Extensions and schemas. `private` holds what no API role may call or read directly
-- (helpers, trigger functions, secrets, limits); PostgREST exposes only `public`.
--
-- The current rules (see ../README.md, "The schema"). "(from NNNN)": the migration whose CREATE
-- made the object as it stands (later ALTERs may have added columns or constraints). A change
-- here needs a new migration too: tests/production/schema-files.test.ts says when they differ.

CREATE SCHEMA private;
