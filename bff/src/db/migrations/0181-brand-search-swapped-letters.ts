import type { Migration } from '../migrate.ts';
import { BRAND_SEARCH_0180 } from './0180-brand-search-names.ts';

/**
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
export const brandSearchSwappedLetters: Migration = {
  name: '0181-brand-search-swapped-letters',
  async up({ context: sequelize }) {
    await sequelize.query(`
      -- The text as a LIKE pattern of itself: its wildcards and escape character mean themselves.
      CREATE FUNCTION brand_search_escape(text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_');

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
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      ${BRAND_SEARCH_0180}
      DROP FUNCTION brand_search_escape;
    `);
  },
};
