import type { Migration } from '../migrate.ts';
import { BRAND_SEARCH_0180 } from './0180-brand-search-names.ts';

const BRAND_SEARCH = `
      CREATE OR REPLACE FUNCTION brand_search(needle text, max_rows integer, candidates integer)
      RETURNS SETOF bigint
      LANGUAGE plpgsql STABLE
      SET pg_trgm.word_similarity_threshold = 0.4
      SET plan_cache_mode = force_custom_plan
      -- Its statements take a millisecond: starting workers would cost more than they save.
      SET max_parallel_workers_per_gather = 0
      AS $$
      DECLARE
        escaped text := brand_search_escape(needle);
        found bigint[] := '{}';
        brand bigint;
        words text[];
        swapped text[];
        probe tsquery;
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

        -- One typo in how the name starts: a letter left out, typed wrong or added, or two
        -- neighbouring letters swapped (decision 085).
        swapped := ARRAY(
          SELECT DISTINCT overlay(needle PLACING substr(needle, i + 1, 1) || substr(needle, i, 1)
            FROM i FOR 2)
          FROM generate_series(1, length(needle) - 1) AS i
          WHERE substr(needle, i, 1) <> substr(needle, i + 1, 1)
        );
        IF length(needle) < 5 THEN
          -- A short text is one typo away from too many names; only a swapped pair is specific
          -- enough: names starting with the text so swapped back, in name order. Each is its
          -- own prefix range (a LIKE pattern must be a constant to become one).
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
          END IF;
        ELSE
          -- Names with a typo key (brand_search_typo_keys) starting with one of the text's:
          -- its first 6 characters, those of each swapped reading, and from 6 characters on,
          -- its first 7 with one left out (a letter typed wrong or added). Keys of 4 characters
          -- would each start hundreds of names at a million brands, so a text of 5 finds only
          -- a letter left out or a swapped pair. Then only those whose start is one typo away.
          probe := (
            -- Each key quoted as a tsquery lexeme: its backslashes and quotes doubled.
            SELECT string_agg(DISTINCT
              '''' || replace(replace(key, '\\', '\\\\'), '''', '''''') || ''':*', ' | ')
            FROM (
              SELECT left(needle, 6) AS key
              UNION ALL SELECT left(variant, 6) FROM unnest(swapped) AS variant
              UNION ALL SELECT overlay(left(needle, 7) PLACING '' FROM i FOR 1)
                FROM generate_series(1, least(length(needle), 7)) AS i
                WHERE length(needle) >= 6
            ) AS keys
          )::tsquery;
          FOR brand IN
            SELECT c.brand_id FROM (
              SELECT n.brand_id, n.name, n.search FROM brand_search_names n
              WHERE array_to_tsvector(brand_search_typo_keys(n.name)) @@ probe
              LIMIT candidates
            ) AS c
            WHERE left(c.name, length(needle)) = ANY (swapped)
              OR levenshtein_less_equal(needle, left(c.name, length(needle) + 1), 1) <= 1
              OR length(needle) >= 6 AND (
                levenshtein_less_equal(needle, left(c.name, length(needle)), 1) <= 1
                OR levenshtein_less_equal(needle, left(c.name, length(needle) - 1), 1) <= 1)
            -- A swapped pair first, as before (decision 083), then the closest by trigrams.
            ORDER BY left(c.name, length(needle)) = ANY (swapped) DESC,
              word_similarity(needle, c.search) DESC, c.name, c.brand_id
            LIMIT max_rows
          LOOP
            found := found || brand;
            RETURN NEXT brand;
          END LOOP;
        END IF;
        IF cardinality(found) > 0 THEN RETURN; END IF;

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
 * A typo of one letter finds the brand meant at any size (decision 085): when no name or
 * website contains a text of 6 or more characters, names whose start is one typo away from it
 * (a letter left out, typed wrong or added, or two neighbouring letters swapped) come before
 * any trigram close match, a swapped pair first, then the closest by trigrams; when there are
 * some, the close matches are not looked for. A text of 5 characters finds a letter left out
 * or a swapped pair this way; a shorter one keeps 0180's swapped pair alone.
 *
 * The trigram close matches walk posting lists that grow with the table (5 ms of the
 * database's time for "rairu" at a million brands). Here each name has a few typo keys (its
 * first 6 characters, and its first 7 with each one left out: SymSpell's deletion
 * neighbourhood, cut to where a name starts), and a text is one typo from a name's start only
 * if one of its own keys starts a key of the name. The keys live in a GIN index of the names
 * as a tsvector, whose prefix match finds keys starting with a text and whose posting lists
 * are compressed: 93 MB at a million brands, against 452 MB for a table of the same keys.
 * Those found are then checked for one edit of the name's start (fuzzystrmatch's levenshtein,
 * or a swapped pair).
 */
export const brandSearchOneTypo: Migration = {
  name: '0190-brand-search-one-typo',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;

      -- The keys a typo in how a name starts leaves in common with it (decision 085). Said to
      -- be costly per row, so the planner never computes it over the table instead of using
      -- the index.
      CREATE FUNCTION brand_search_typo_keys(name text) RETURNS text[]
      LANGUAGE sql IMMUTABLE PARALLEL SAFE COST 1000
      RETURN ARRAY(
        SELECT DISTINCT key FROM (
          SELECT left(name, 6) AS key
          UNION ALL
          SELECT overlay(left(name, 7) PLACING '' FROM i FOR 1)
          FROM generate_series(1, least(length(name), 7)) AS i
        ) AS keys
        WHERE key <> ''
      );
      CREATE INDEX brand_search_names_typo_idx ON brand_search_names
        USING gin (array_to_tsvector(brand_search_typo_keys(name)));

      ${BRAND_SEARCH}
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      ${BRAND_SEARCH_0180}
      DROP INDEX brand_search_names_typo_idx;
      DROP FUNCTION brand_search_typo_keys;
      DROP EXTENSION IF EXISTS fuzzystrmatch;
    `);
  },
};
