-- Under row-level security only leakproof operators may be index conditions (migration 0005), so
-- the knowledge base's full-text search (tsvector @@ tsquery) read every article of the workspace
-- instead of the search_vector GIN index: 28 ms of 32 for 20,000 articles (issue 23's bench).
-- The match's errors never show row data, so mark it. Needs a superuser; elsewhere the search
-- still works, on the tenant index only.
DO $$
BEGIN
  ALTER FUNCTION ts_match_vq(tsvector, tsquery) LEAKPROOF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE WARNING 'atrium: run as a superuser: ALTER FUNCTION ts_match_vq(tsvector, tsquery) LEAKPROOF;';
END $$;
