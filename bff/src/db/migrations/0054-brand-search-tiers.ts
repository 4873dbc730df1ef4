import type { Migration } from '../migrate.ts';

/** `brand_search` as this migration made it (0180 replaces it; its down restores this). */
export const BRAND_SEARCH_0054 = `
      -- needle: trimmed and lower-cased by the caller. Returns brand ids, best first.
      CREATE OR REPLACE FUNCTION brand_search(needle text, max_rows integer, candidates integer)
      RETURNS SETOF bigint
      LANGUAGE plpgsql STABLE
      SET pg_trgm.word_similarity_threshold = 0.4
      SET plan_cache_mode = force_custom_plan
      AS $$
      DECLARE
        -- LIKE's wildcards and escape character in the text mean themselves.
        escaped text := replace(replace(replace(needle, '\\', '\\\\'), '%', '\\%'), '_', '\\_');
        found bigint[] := '{}';
        brand bigint;
        words text[];
      BEGIN
        FOR brand IN
          SELECT b.id FROM brands b WHERE lower(b.name) COLLATE "C" LIKE escaped || '%'
          ORDER BY lower(b.name) COLLATE "C", b.id LIMIT max_rows
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
          SELECT c.id FROM (
            SELECT b.id, b.search FROM brands b
            WHERE b.search LIKE '%' || escaped || '%' AND b.id <> ALL (found)
            LIMIT candidates
          ) AS c
          ORDER BY word_similarity(needle, c.search) DESC, c.id
          LIMIT max_rows - cardinality(found)
        LOOP
          found := found || brand;
          RETURN NEXT brand;
        END LOOP;
        IF cardinality(found) > 0 THEN RETURN; END IF;

        -- Every word must be close, so a shared word ("shop") alone does not make a match.
        words := ARRAY(
          SELECT word FROM regexp_split_to_table(needle, '[^[:alnum:]]+') AS word
          WHERE length(word) >= 3 ORDER BY length(word) DESC, word LIMIT 4
        );
        RETURN QUERY EXECUTE format(
          'SELECT c.id FROM (SELECT b.id, b.search FROM brands b WHERE %s LIMIT $2) AS c
           ORDER BY word_similarity($3, c.search) DESC, c.id LIMIT $4',
          (SELECT string_agg(format('$1[%s] <%% b.search', i), ' AND ')
           FROM generate_subscripts(words, 1) AS i)
        ) USING words, candidates, needle, max_rows;
      END $$;
`;

/**
 * Brand search at a million brands (decision record 010, "Measured"). A search answers in tiers,
 * each from an index, and stops as soon as it has its rows, so what users type most (a prefix, a
 * whole name, a word many brands share) reads a bounded number of index entries:
 *
 * 1. names that start with the text (`brands_name_prefix_idx`, the exact name first);
 * 2. names with a later word that starts with it ("shop" → "Kabedo Shop"), from
 *    `brand_name_tails`: each name from its second, third, … word on, kept by triggers;
 * 3. from 3 letters or digits on, name or website containing it (the trigram GIN index), best
 *    word similarity first among at most `candidates` matches;
 * 4. only when nothing contains the text: close (typo-tolerant) matches of every word of 3+
 *    characters (`<%`, word similarity 0.4), best first, among at most `candidates`.
 *
 * A close match of a short text is found in a large share of all brands ("kabe" is close to
 * every name starting with "ka"), so ranking them all as a fill-up behind exact matches grew
 * with the table; as the fallback it serves the typo it exists for. The GiST nearest-neighbour
 * index of 0031 is dropped: it scanned most of itself for any text without close matches.
 *
 * `brand_search` is one PL/pgSQL function so that a search is one round trip, the trigram
 * threshold is set for its duration only (its SET clause), and each tier is planned with the
 * actual text (`force_custom_plan`: a generic plan cannot use a LIKE prefix range).
 */
export const brandSearchTiers: Migration = {
  name: '0054-brand-search-tiers',
  async up({ context: sequelize }) {
    await sequelize.query(`
      DROP INDEX brands_search_knn_idx;
      CREATE INDEX brands_name_prefix_idx ON brands ((lower(name)) COLLATE "C", id);

      CREATE TABLE brand_name_tails (
        tail text COLLATE "C" NOT NULL,
        brand_id bigint NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
        PRIMARY KEY (tail, brand_id)
      );
      CREATE INDEX brand_name_tails_brand_idx ON brand_name_tails (brand_id);

      -- "Pixel Forge Studio" → "forge studio", "studio" (lower case, spacing kept).
      CREATE FUNCTION brand_name_tails_of(name text) RETURNS SETOF text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT array_to_string(words[k:], ' ')
        FROM (SELECT string_to_array(lower(name), ' ') AS words) AS split,
          generate_subscripts(words, 1) AS k
        WHERE k > 1 AND words[k] <> ''
      $$;

      -- Per statement, so a bulk insert adds its tails in one go.
      CREATE FUNCTION brand_name_tails_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO brand_name_tails (tail, brand_id)
        SELECT tail, inserted.id FROM inserted, brand_name_tails_of(inserted.name) AS tail;
        RETURN NULL;
      END $$;
      CREATE TRIGGER brands_name_tails_insert AFTER INSERT ON brands
        REFERENCING NEW TABLE AS inserted
        FOR EACH STATEMENT EXECUTE FUNCTION brand_name_tails_insert();

      CREATE FUNCTION brand_name_tails_rename() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM brand_name_tails WHERE brand_id = OLD.id;
        INSERT INTO brand_name_tails (tail, brand_id)
        SELECT tail, NEW.id FROM brand_name_tails_of(NEW.name) AS tail;
        RETURN NULL;
      END $$;
      CREATE TRIGGER brands_name_tails_rename AFTER UPDATE OF name ON brands
        FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
        EXECUTE FUNCTION brand_name_tails_rename();

      INSERT INTO brand_name_tails (tail, brand_id)
      SELECT tail, brands.id FROM brands, brand_name_tails_of(brands.name) AS tail;

      ${BRAND_SEARCH_0054}
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`
      DROP FUNCTION brand_search;
      DROP TRIGGER brands_name_tails_rename ON brands;
      DROP TRIGGER brands_name_tails_insert ON brands;
      DROP FUNCTION brand_name_tails_rename, brand_name_tails_insert, brand_name_tails_of;
      DROP TABLE brand_name_tails;
      DROP INDEX brands_name_prefix_idx;
      CREATE INDEX brands_search_knn_idx
        ON brands USING gist ((lower(name || ' ' || website)) gist_trgm_ops (siglen = 64));
    `);
  },
};
