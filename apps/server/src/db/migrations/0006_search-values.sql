-- The text of a record's custom field values, for the list search (a generated column of every
-- entity table, trigram-indexed). Scalars only: option lists and files are searched by filters.
CREATE OR REPLACE FUNCTION atrium_search_values(j jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(coalesce(string_agg(e.value #>> '{}', ' '), ''))
  FROM jsonb_each(j) e
  WHERE jsonb_typeof(e.value) IN ('string', 'number')
$$;
