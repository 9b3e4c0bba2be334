-- Decision 094 round six: an article's text for its search document and snippets — HTML tags
-- removed and character references decoded, so "&amp;" is "&" and not the word "amp" in the
-- tsvector, "caf&#233;" is "café". The five XML entities, &nbsp; and numeric references are
-- decoded; another named one becomes a space. Immutable (a generated column calls it).
CREATE OR REPLACE FUNCTION atrium_html_text(html text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  s text := regexp_replace(coalesce(html, ''), '<[^>]*>', ' ', 'g');
  ref text;
  code bigint;
BEGIN
  IF strpos(s, '&') = 0 THEN
    RETURN s;
  END IF;
  -- &amp; last (held aside meanwhile), so "&amp;lt;" stays the text "&lt;"
  s := replace(s, '&amp;', chr(1));
  s := replace(replace(replace(replace(replace(s, '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&apos;', ''''), '&nbsp;', ' ');
  FOR ref IN SELECT DISTINCT m[1] FROM regexp_matches(s, '&#([xX][0-9a-fA-F]{1,6}|[0-9]{1,7});', 'g') AS m LOOP
    IF lower(left(ref, 1)) = 'x' THEN
      code := ('x' || lpad(substr(ref, 2), 8, '0'))::bit(32)::bigint;
    ELSE
      code := ref::bigint;
    END IF;
    s := replace(s, '&#' || ref || ';', CASE WHEN code BETWEEN 1 AND 1114111 AND code NOT BETWEEN 55296 AND 57343 THEN chr(code::int) ELSE ' ' END);
  END LOOP;
  s := regexp_replace(s, '&[a-zA-Z][a-zA-Z0-9]{1,31};', ' ', 'g');
  RETURN replace(s, chr(1), '&');
END $$;
--> statement-breakpoint
ALTER TABLE "articles" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (case "language" when 'en' then setweight(to_tsvector('english'::regconfig, atrium_html_text("title")), 'A') || setweight(to_tsvector('english'::regconfig, atrium_html_text("content")), 'B') when 'de' then setweight(to_tsvector('german'::regconfig, atrium_html_text("title")), 'A') || setweight(to_tsvector('german'::regconfig, atrium_html_text("content")), 'B') when 'fr' then setweight(to_tsvector('french'::regconfig, atrium_html_text("title")), 'A') || setweight(to_tsvector('french'::regconfig, atrium_html_text("content")), 'B') when 'es' then setweight(to_tsvector('spanish'::regconfig, atrium_html_text("title")), 'A') || setweight(to_tsvector('spanish'::regconfig, atrium_html_text("content")), 'B') when 'it' then setweight(to_tsvector('italian'::regconfig, atrium_html_text("title")), 'A') || setweight(to_tsvector('italian'::regconfig, atrium_html_text("content")), 'B') when 'nl' then setweight(to_tsvector('dutch'::regconfig, atrium_html_text("title")), 'A') || setweight(to_tsvector('dutch'::regconfig, atrium_html_text("content")), 'B') else setweight(to_tsvector('simple'::regconfig, atrium_html_text("title")), 'A') || setweight(to_tsvector('simple'::regconfig, atrium_html_text("content")), 'B') end) STORED;--> statement-breakpoint
-- the column was dropped with its GIN index: the index again
CREATE INDEX "articles_search_vector_idx" ON "articles" USING gin ("tenant_id","search_vector");
