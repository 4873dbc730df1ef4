import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import {
  AmountSchema,
  BrandIdSchema,
  MAX_RECORD_ID,
  parseRecordId,
  RecordIdSchema,
  BrandLogoSchema,
  CardAmountSchema,
  ContactCountrySchema,
  ContactWebsiteSchema,
  CountrySchema,
  EmailSchema,
  EmployeesSchema,
  NewsletterEmailSchema,
  PasswordSchema,
  PhoneCodeSchema,
  PhoneSchema,
  normalizePhone,
  WalletAddressSchema,
  WebsiteSchema,
} from './rules.ts';
import { BRAND_LOGO_MAX_BYTES, PASSWORD_MAX_LENGTH } from './constants.ts';
import { canonicalPhone } from './referrals.ts';

/** The message id of the first issue, or 'ok'. */
function check(schema: v.GenericSchema, input: unknown): string {
  const result = v.safeParse(schema, input);
  return result.success ? 'ok' : result.issues[0].message;
}

describe('e-mail', () => {
  test('a standard address passes, trimmed and lower-cased', () => {
    expect(v.parse(EmailSchema, '  Ada@Example.COM ')).toBe('ada@example.com');
  });
  test.each(['', 'ada', 'ada@', '@example.com', 'ada@example'])('"%s" is invalid', (email) => {
    expect(check(EmailSchema, email)).toBe('validation.email');
  });
});

describe('password', () => {
  const passphrase = 'Correct horse battery staple 4 ever, Żółw!';
  const longest = `Aa1!${'z'.repeat(PASSWORD_MAX_LENGTH - 4)}`;
  test.each(['Demo123!x', 'Aa1!aaaa', 'Abcdefghij12!@#', passphrase, longest])(
    '"%s" passes',
    (password) => {
      expect(check(PasswordSchema, password)).toBe('ok');
    },
  );
  test('64 characters fit, as NIST SP 800-63B asks', () => {
    expect(PASSWORD_MAX_LENGTH).toBeGreaterThanOrEqual(64);
  });
  test('length counts characters, not UTF-16 units: 64 emoji-padded characters pass', () => {
    const emoji = `Aa1!${'😀'.repeat(PASSWORD_MAX_LENGTH - 4)}`;
    expect(emoji.length).toBeGreaterThan(PASSWORD_MAX_LENGTH);
    expect(check(PasswordSchema, emoji)).toBe('ok');
  });
  test.each([
    ['too short', 'Aa1!aaa'],
    ['too long', `${longest}z`],
    ['no upper case', 'demo123!x'],
    ['no lower case', 'DEMO123!X'],
    ['no digit', 'Demoabc!x'],
    ['no special character', 'Demo123xx'],
  ])('%s fails with the password rule message', (_, password) => {
    expect(check(PasswordSchema, password)).toBe('validation.password');
  });
});

describe('phone', () => {
  test('separators and spaces are accepted and removed', () => {
    expect(v.parse(PhoneSchema, '+48 601-234 567')).toBe('+48601234567');
    // Without a calling code a number is national to DEFAULT_PHONE_COUNTRY (Poland).
    expect(v.parse(PhoneSchema, '22 601.23.45')).toBe('+48226012345');
  });
  test('one number, one spelling (E.164) however it is typed', () => {
    for (const typed of ['+48 600 100 200', '0048600100200', '+48600100200', '600-100-200']) {
      expect(v.parse(PhoneSchema, typed)).toBe('+48600100200');
    }
    expect(v.parse(PhoneSchema, '0049 30 123456')).toBe('+4930123456');
    expect(normalizePhone('')).toBe('');
    expect(canonicalPhone('0048 500 100 200')).toBe(canonicalPhone('+48500100200'));
  });
  test('at most 15 digits once the calling code is added', () => {
    expect(check(PhoneSchema, '+123456789012345')).toBe('ok');
    expect(check(PhoneSchema, '00123456789012345')).toBe('ok');
    expect(check(PhoneSchema, '1234567890123')).toBe('ok');
    expect(check(PhoneSchema, '12345678901234')).toBe('validation.phone');
  });
  test.each(['', 'abc', '+48 60x 234 567', '12345', '+1234567890123456'])(
    '"%s" is invalid',
    (phone) => {
      expect(check(PhoneSchema, phone)).toBe('validation.phone');
    },
  );
  test('the SMS code is exactly four digits', () => {
    expect(check(PhoneCodeSchema, '0427')).toBe('ok');
    expect(check(PhoneCodeSchema, '042')).toBe('validation.code');
    expect(check(PhoneCodeSchema, '04a7')).toBe('validation.code');
  });
});

describe('amount and wallet', () => {
  test('digits with one optional decimal point become a number', () => {
    expect(v.parse(AmountSchema, '2500')).toBe(2500);
    expect(v.parse(AmountSchema, '12.5')).toBe(12.5);
    expect(v.parse(AmountSchema, '.5')).toBe(0.5);
  });
  test.each(['', '1.2.3', '-5', 'abc', '0'])('"%s" is not an amount', (amount) => {
    expect(check(AmountSchema, amount)).toBe('validation.amount');
  });
  test('a card purchase starts at 25 PLN', () => {
    expect(check(CardAmountSchema, 25)).toBe('ok');
    expect(check(CardAmountSchema, 24.99)).toBe('validation.cardMinimum');
  });
  test('an empty wallet address asks for one; a malformed one names the format', () => {
    expect(check(WalletAddressSchema, '')).toBe('validation.wallet');
    expect(check(WalletAddressSchema, '0x1234')).toBe('validation.walletFormat');
    expect(check(WalletAddressSchema, `0x${'aB3'.repeat(13)}c`)).toBe('ok');
  });
});

describe('brand fields', () => {
  test('a website is stored as a bare domain', () => {
    expect(v.parse(WebsiteSchema, 'https://www.Amberline.shop/')).toBe('amberline.shop');
    expect(v.parse(WebsiteSchema, 'ledgerly.io/pricing')).toBe('ledgerly.io/pricing');
  });
  test.each(['', 'amberline', 'amberline.s', 'amberline.toolong', 'http://'])(
    'website "%s" is refused with the valid-link message',
    (website) => {
      expect(check(WebsiteSchema, website)).toBe('validation.website');
    },
  );
  test('the country selects’ placeholders are not countries', () => {
    for (const placeholder of ['Select', 'Wybierz', 'Country']) {
      expect(check(CountrySchema, placeholder)).toBe('validation.country');
      expect(check(ContactCountrySchema, placeholder)).toBe('validation.contactCountry');
    }
    expect(check(CountrySchema, 'Poland')).toBe('ok');
  });
  test('employees must be numeric', () => {
    expect(v.parse(EmployeesSchema, '120')).toBe(120);
    expect(check(EmployeesSchema, '12a')).toBe('validation.employees');
    expect(check(EmployeesSchema, '')).toBe('validation.employees');
  });
  test('brand ids come from paths as strings and from code as numbers', () => {
    expect(v.parse(BrandIdSchema, '12')).toBe(12);
    expect(v.parse(BrandIdSchema, 12)).toBe(12);
    expect(check(BrandIdSchema, 'twelve')).not.toBe('ok');
    expect(check(BrandIdSchema, '0')).not.toBe('ok');
  });
  test('a record id is a positive integer JavaScript holds exactly, written in digits', () => {
    expect(v.parse(RecordIdSchema, String(MAX_RECORD_ID))).toBe(MAX_RECORD_ID);
    expect(v.parse(RecordIdSchema, ' 7 ')).toBe(7);
    for (const bad of [
      '99999999999999999999',
      MAX_RECORD_ID + 1,
      1e20,
      '9007199254740992',
      '-1',
      -1,
      1.5,
      '1e3',
      '0x10',
      '12abc',
      '',
      [],
      {},
      null,
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ]) {
      expect(check(RecordIdSchema, bad), String(bad)).toBe('validation.required');
    }
    expect(parseRecordId('42')).toBe(42);
    expect(parseRecordId('99999999999999999999')).toBeNull();
  });
  test('a logo is an image of an accepted type up to 2 MB', () => {
    const png = new File([new Uint8Array(10)], 'logo.png', { type: 'image/png' });
    const pdf = new File([new Uint8Array(10)], 'logo.pdf', { type: 'application/pdf' });
    const huge = new File([new Uint8Array(BRAND_LOGO_MAX_BYTES + 1)], 'logo.gif', {
      type: 'image/gif',
    });
    expect(check(BrandLogoSchema, png)).toBe('ok');
    expect(check(BrandLogoSchema, pdf)).toBe('validation.logo');
    expect(check(BrandLogoSchema, huge)).toBe('validation.logo');
    expect(check(BrandLogoSchema, 'logo.png')).toBe('validation.logo');
  });
});

describe('content', () => {
  test('the contact website needs a known top-level domain', () => {
    expect(check(ContactWebsiteSchema, 'https://www.amberline.shop')).toBe('ok');
    expect(check(ContactWebsiteSchema, 'amberline.pl/contact')).toBe('ok');
    expect(check(ContactWebsiteSchema, 'amberline.notatld')).toBe('validation.contactWebsite');
    expect(check(ContactWebsiteSchema, 'amberline')).toBe('validation.contactWebsite');
  });
  test('an empty newsletter e-mail has its own message', () => {
    expect(check(NewsletterEmailSchema, ' ')).toBe('validation.newsletterEmail');
    expect(check(NewsletterEmailSchema, 'ada@')).toBe('validation.email');
  });
});
