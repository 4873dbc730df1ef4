import type { Migration } from '../migrate.ts';

/**
 * The terms' verification documents (registry extract, articles, bank statement, identity photo)
 * for a brand from add-brand or a company from /newbrandaccount (decision 020). They hold
 * personal data, so they live here, never in the public `uploads` table behind `/uploads/*`; only
 * the operators' download endpoint reads `bytes`. One file per document and item: a new upload
 * replaces the old one.
 */
export const verificationDocuments: Migration = {
  name: '0063-verification-documents',
  async up({ context: sequelize }) {
    await sequelize.query(`
      CREATE TABLE verification_documents (
        id bigserial PRIMARY KEY,
        brand_id bigint REFERENCES brands (id) ON DELETE CASCADE,
        company_id bigint REFERENCES companies (id) ON DELETE CASCADE,
        kind text NOT NULL
          CHECK (kind IN ('registryExtract', 'articles', 'bankAccount', 'identity')),
        content_type text NOT NULL
          CHECK (content_type IN ('application/pdf', 'image/png', 'image/jpeg')),
        file_name text NOT NULL,
        size integer NOT NULL CHECK (size > 0),
        sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        bytes bytea NOT NULL,
        uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
        uploaded_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((brand_id IS NULL) <> (company_id IS NULL))
      );
      CREATE UNIQUE INDEX verification_documents_brand_key
        ON verification_documents (brand_id, kind) WHERE brand_id IS NOT NULL;
      CREATE UNIQUE INDEX verification_documents_company_key
        ON verification_documents (company_id, kind) WHERE company_id IS NOT NULL;
    `);
  },
  async down({ context: sequelize }) {
    await sequelize.query('DROP TABLE verification_documents');
  },
};
