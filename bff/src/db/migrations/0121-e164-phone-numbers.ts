import { DEFAULT_PHONE_CALLING_CODE } from '@brnd/contracts/domain/constants';
import type { Migration } from '../migrate.ts';

/**
 * Stored numbers in their one spelling (E.164, `normalizePhone` in contracts/domain): "0048…"
 * was kept as typed, and a number typed without a calling code had none. Two verified accounts
 * whose numbers turn out to be one keep the rule of migration 0100: the earliest verification
 * stays, the later account is asked for another number at its next login. The SMS caps' rows
 * (`sms_sends`, `sms_codes`) follow, so a number's daily cap counts every spelling it was sent as.
 */
const E164 = (column: string) => `CASE
    WHEN regexp_replace(${column}, '[^0-9+]', '', 'g') = '' THEN ''
    WHEN regexp_replace(${column}, '[^0-9+]', '', 'g') LIKE '+%'
      THEN '+' || regexp_replace(${column}, '[^0-9]', '', 'g')
    WHEN regexp_replace(${column}, '[^0-9+]', '', 'g') LIKE '00%'
      THEN '+' || substr(regexp_replace(${column}, '[^0-9]', '', 'g'), 3)
    ELSE '+${DEFAULT_PHONE_CALLING_CODE}' || regexp_replace(${column}, '[^0-9]', '', 'g')
  END`;

export const e164PhoneNumbers: Migration = {
  name: '0121-e164-phone-numbers',
  async up({ context: sequelize }) {
    await sequelize.query(`
      UPDATE users SET phone_verified_at = NULL, updated_at = now()
      WHERE id IN (
        SELECT id FROM (
          SELECT id, row_number() OVER (
            PARTITION BY ${E164('mobile')} ORDER BY phone_verified_at, created_at, id
          ) AS place
          FROM users WHERE phone_verified_at IS NOT NULL AND mobile <> ''
        ) ranked WHERE place > 1
      );
      UPDATE users SET mobile = ${E164('mobile')} WHERE mobile <> ${E164('mobile')};
      UPDATE sms_codes SET mobile = ${E164('mobile')} WHERE mobile <> ${E164('mobile')};
      UPDATE sms_sends SET mobile = ${E164('mobile')} WHERE mobile <> ${E164('mobile')};
    `);
  },
  // The old spellings are not kept: nothing to undo.
  async down() {},
};
