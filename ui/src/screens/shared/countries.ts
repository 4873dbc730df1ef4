/** Countries offered by the contact form, as ISO 3166-1 codes: the page names them per language. */
export const CONTACT_COUNTRIES = [
  'PL',
  'EE',
  'DE',
  'CZ',
  'SK',
  'LT',
  'LV',
  'FI',
  'SE',
  'NO',
  'DK',
  'NL',
  'BE',
  'LU',
  'FR',
  'ES',
  'PT',
  'IT',
  'AT',
  'CH',
  'HU',
  'RO',
  'BG',
  'HR',
  'SI',
  'GR',
  'CY',
  'MT',
  'IE',
  'GB',
  'UA',
  'US',
  'CA',
  'AU',
  'JP',
  'SG',
  'AE',
  'IL',
  'IN',
  'BR',
] as const;

/** Country names in the reader's language, sorted the way that language sorts them. */
export function countryOptions(locale: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return CONTACT_COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );
}

/** Brands store an ISO country code or a name typed in a form; a code is shown in the page's language. */
export function countryName(country: string, locale: string): string {
  if (!/^[A-Z]{2}$/.test(country)) return country;
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}
