import type { Migration } from '../migrate.ts';

/**
 * Brand search at a million brands (decision record 010, "measured"). Search answers substring
 * matches first, each group best word similarity first. A short or common text ("sh", "shop")
 * matches hundreds of thousands of brands, and scoring all of them to keep 100 took seconds.
 * This GiST trigram index returns brands in word-similarity order (`$needle <<-> …`, a
 * nearest-neighbour scan), so those searches stop after the best 100.
 *
 * It is built on the expression that defines `brands.search` rather than on the column, so only
 * the nearest-neighbour query (which spells the expression) uses it; the planner would otherwise
 * also pick it for the plain LIKE and `<%` filters, where the GIN index is many times faster.
 */
export const brandSearchKnn: Migration = {
  name: '0031-brand-search-knn',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE INDEX brands_search_knn_idx
        ON brands USING gist ((lower(name || ' ' || website)) gist_trgm_ops (siglen = 64));
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query(`DROP INDEX brands_search_knn_idx;`);
  },
};
