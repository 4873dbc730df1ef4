import type { Migration } from '../migrate.ts';
import { BRAND_SEARCH_0054 } from './0054-brand-search-tiers.ts';

const BRAND_SEARCH_ESCAPE = `
      -- The text as a LIKE pattern of itself: its wildcards and escape character mean themselves.
      CREATE FUNCTION brand_search_escape(text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_');
`;

/** `brand_search` as this migration made it (0190 replaces it; its down restores this). */
export const BRAND_SEARCH_0180 = `
      CREATE OR REPLACE FUNCTION brand_search(needle text, max_rows integer, candidates integer)
      RETURNS SETOF bigint
      LANGUAGE plpgsql STABLE
      SET pg_trgm.word_similarity_threshold = 0.4
      SET plan_cache_mode = force_custom_plan
      AS $$
      DECLARE
        escaped text := brand_search_escape(needle);
        found bigint[] := '{}';
        brand bigint;
        words text[];
        swapped text[];
      BEGIN
        FOR brand IN
          SELECT n.brand_id FROM brand_search_names n WHERE n.name LIKE escaped || '%'
          ORDER BY n.name, n.brand_id LIMIT max_rows
        LOOP
          found := found || brand;
          RETURN NEXT brand;
        END LOOP;
        IF cardinality(found) >= max_rows THEN RETURN; END IF;

        -- A brand with two such words counts once, at its first.
        FOR brand IN
          SELECT t.brand_id FROM brand_name_tails t
          WHERE t.tail LIKE escaped || '%' AND t.brand_id <> ALL (found)
            AND NOT EXISTS (SELECT 1 FROM brand_name_tails earlier
              WHERE earlier.brand_id = t.brand_id AND earlier.tail LIKE escaped || '%'
                AND length(earlier.tail) > length(t.tail))
          ORDER BY t.tail, t.brand_id LIMIT max_rows - cardinality(found)
        LOOP
          found := found || brand;
          RETURN NEXT brand;
        END LOOP;
        IF cardinality(found) >= max_rows THEN RETURN; END IF;

        -- The trigram index needs 3 letters or digits in a row to narrow anything down.
        IF needle !~ '[[:alnum:]]{3}' THEN RETURN; END IF;

        FOR brand IN
          SELECT c.brand_id FROM (
            SELECT n.brand_id, n.search FROM brand_search_names n
            WHERE n.search LIKE '%' || escaped || '%' AND n.brand_id <> ALL (found)
            LIMIT candidates
          ) AS c
          ORDER BY word_similarity(needle, c.search) DESC, c.brand_id
          LIMIT max_rows - cardinality(found)
        LOOP
          found := found || brand;
          RETURN NEXT brand;
        END LOOP;
        IF cardinality(found) > 0 THEN RETURN; END IF;

        -- Names starting with the text with two neighbouring characters swapped, in name order.
        -- Each is its own prefix range (a LIKE pattern must be a constant to become one).
        swapped := ARRAY(
          SELECT DISTINCT overlay(needle PLACING substr(needle, i + 1, 1) || substr(needle, i, 1)
            FROM i FOR 2)
          FROM generate_series(1, length(needle) - 1) AS i
          WHERE substr(needle, i, 1) <> substr(needle, i + 1, 1)
        );
        IF cardinality(swapped) > 0 THEN
          FOR brand IN EXECUTE format(
            'SELECT m.brand_id FROM (%s) AS m ORDER BY m.name, m.brand_id LIMIT $1',
            (SELECT string_agg(format(
               '(SELECT n.brand_id, n.name FROM brand_search_names n WHERE n.name LIKE %L
                 ORDER BY n.name, n.brand_id LIMIT $1)', brand_search_escape(variant) || '%'),
               ' UNION ALL ')
             FROM unnest(swapped) AS variant)
          ) USING max_rows
          LOOP
            found := found || brand;
            RETURN NEXT brand;
          END LOOP;
          IF cardinality(found) > 0 THEN RETURN; END IF;
        END IF;

        -- Every word must be close, so a shared word ("shop") alone does not make a match.
        words := ARRAY(
          SELECT word FROM regexp_split_to_table(needle, '[^[:alnum:]]+') AS word
          WHERE length(word) >= 3 ORDER BY length(word) DESC, word LIMIT 4
        );
        RETURN QUERY EXECUTE format(
          'SELECT c.brand_id FROM (SELECT n.brand_id, n.search FROM brand_search_names n
             WHERE %s LIMIT $2) AS c
           ORDER BY word_similarity($3, c.search) DESC, c.brand_id LIMIT $4',
          (SELECT string_agg(format('$1[%s] <%% n.search', i), ' AND ')
           FROM generate_subscripts(words, 1) AS i)
        ) USING words, candidates, needle, max_rows;
      END $$;
`;

/**
 * Brand search reads a narrow copy of what it matches on (decision 081): `brand_search_names`
 * holds each brand's lower-case name and its `search` text (lower-case name and website), kept
 * by triggers like `brand_name_tails`, and carries the two indexes `brands` had for search.
 *
 * On `brands` the name prefix index is an expression index, so the prefix tier could not be an
 * index-only scan: each of the 100 names a short prefix finds was a random page of the wide
 * table (~32 brands a page, 244 MB at 1 M brands), and at some prefixes the planner sorted all
 * ~10,000 matching rows instead (169 ms). The trigram tiers recheck every candidate on its heap
 * page, and `brands` rows are rewritten on every vote (its trend score), so their pages are
 * spread and rarely all-visible. Here a prefix is an index-only scan on plain columns, and a
 * recheck reads a row of ~70 bytes in a table that changes only when a brand is added, renamed
 * or moves its website.
 *
 * The tiers, their order and their limits are those of 0054, read from the narrow table, with
 * one tier added (below). Votes get cheaper too: a trend score update is not HOT (the score is indexed), so
 * every index of `brands` took an entry per vote, the trigram GIN index among them.
 *
 * A typo of two neighbouring letters swapped finds the brand meant, first and alone (decision
 * 083): when no name or website contains the text, names starting with the text with one such
 * pair swapped back ("kbaedo" → "Kabedo") come before any trigram close match, and when there
 * are some, the close matches are not looked for.
 *
 * The swap is the typo trigrams serve worst: "kbaedo" keeps 3 of the 7 trigrams of "kabedo",
 * as many as it shares with ~100 other names at a million brands, so the close-match tier
 * ranked the brand meant anywhere among them, or past its 100 rows. Finding those 100 also
 * walked posting lists that grow with the table (2–14 ms at a million brands). Each swapped
 * text is a prefix range of `brand_search_names_prefix_idx`, a few index pages whatever the
 * table's size. A letter typed wrong, left out or added keeps more trigrams, so the close-match
 * tier still ranks those well, and still serves them.
 */
export const brandSearchNames: Migration = {
  name: '0180-brand-search-names',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE TABLE brand_search_names (
        brand_id bigint PRIMARY KEY REFERENCES brands (id) ON DELETE CASCADE,
        -- lower(brands.name)
        name text COLLATE "C" NOT NULL,
        -- brands.search: lower(name || ' ' || website)
        search text NOT NULL
      );

      -- Per statement, so a bulk insert adds its rows in one go.
      CREATE FUNCTION brand_search_names_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO brand_search_names (brand_id, name, search)
        SELECT inserted.id, lower(inserted.name), inserted.search FROM inserted;
        RETURN NULL;
      END $$;
      CREATE TRIGGER brands_search_names_insert AFTER INSERT ON brands
        REFERENCING NEW TABLE AS inserted
        FOR EACH STATEMENT EXECUTE FUNCTION brand_search_names_insert();

      CREATE FUNCTION brand_search_names_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE brand_search_names SET name = lower(NEW.name), search = NEW.search
        WHERE brand_id = NEW.id;
        RETURN NULL;
      END $$;
      CREATE TRIGGER brands_search_names_update AFTER UPDATE OF name, website ON brands
        FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.website IS DISTINCT FROM NEW.website)
        EXECUTE FUNCTION brand_search_names_update();

      INSERT INTO brand_search_names (brand_id, name, search)
      SELECT id, lower(name), search FROM brands ORDER BY id;
      CREATE INDEX brand_search_names_prefix_idx ON brand_search_names (name, brand_id);
      CREATE INDEX brand_search_names_trgm_idx ON brand_search_names USING gin (search gin_trgm_ops);
      DROP INDEX brands_name_prefix_idx;
      DROP INDEX brands_search_trgm_idx;

      ${BRAND_SEARCH_ESCAPE}
      ${BRAND_SEARCH_0180}
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      CREATE INDEX brands_name_prefix_idx ON brands ((lower(name)) COLLATE "C", id);
      CREATE INDEX brands_search_trgm_idx ON brands USING gin (search gin_trgm_ops);

      ${BRAND_SEARCH_0054}
      DROP FUNCTION brand_search_escape;
      DROP TRIGGER brands_search_names_update ON brands;
      DROP TRIGGER brands_search_names_insert ON brands;
      DROP FUNCTION brand_search_names_update, brand_search_names_insert;
      DROP TABLE brand_search_names;
    `);
  },
};
