/**
 * Countries offered by the phone field: every EU member first (BRND brands must be EU
 * companies), then the countries most of its users come from. Names shown to the user come from
 * Intl.DisplayNames in the current language; `name` is the English fallback.
 */
import { internationalDigits } from '@brnd/contracts/domain/rules';

export interface Country {
  /** ISO 3166-1 alpha-2, lower case like DEFAULT_PHONE_COUNTRY. */
  code: string;
  /** Calling code without the plus. */
  dial: string;
  name: string;
  eu: boolean;
}

const eu = (code: string, dial: string, name: string): Country => ({ code, dial, name, eu: true });
const other = (code: string, dial: string, name: string): Country => ({
  code,
  dial,
  name,
  eu: false,
});

export const COUNTRIES: readonly Country[] = [
  eu('at', '43', 'Austria'),
  eu('be', '32', 'Belgium'),
  eu('bg', '359', 'Bulgaria'),
  eu('hr', '385', 'Croatia'),
  eu('cy', '357', 'Cyprus'),
  eu('cz', '420', 'Czechia'),
  eu('dk', '45', 'Denmark'),
  eu('ee', '372', 'Estonia'),
  eu('fi', '358', 'Finland'),
  eu('fr', '33', 'France'),
  eu('de', '49', 'Germany'),
  eu('gr', '30', 'Greece'),
  eu('hu', '36', 'Hungary'),
  eu('ie', '353', 'Ireland'),
  eu('it', '39', 'Italy'),
  eu('lv', '371', 'Latvia'),
  eu('lt', '370', 'Lithuania'),
  eu('lu', '352', 'Luxembourg'),
  eu('mt', '356', 'Malta'),
  eu('nl', '31', 'Netherlands'),
  eu('pl', '48', 'Poland'),
  eu('pt', '351', 'Portugal'),
  eu('ro', '40', 'Romania'),
  eu('sk', '421', 'Slovakia'),
  eu('si', '386', 'Slovenia'),
  eu('es', '34', 'Spain'),
  eu('se', '46', 'Sweden'),
  other('gb', '44', 'United Kingdom'),
  other('no', '47', 'Norway'),
  other('ch', '41', 'Switzerland'),
  other('is', '354', 'Iceland'),
  other('ua', '380', 'Ukraine'),
  other('tr', '90', 'Turkey'),
  other('us', '1', 'United States'),
  other('ca', '1', 'Canada'),
  other('br', '55', 'Brazil'),
  other('mx', '52', 'Mexico'),
  other('in', '91', 'India'),
  other('cn', '86', 'China'),
  other('jp', '81', 'Japan'),
  other('sg', '65', 'Singapore'),
  other('ae', '971', 'United Arab Emirates'),
  other('il', '972', 'Israel'),
  other('za', '27', 'South Africa'),
  other('au', '61', 'Australia'),
];

export function findCountry(code: string): Country | undefined {
  return COUNTRIES.find((country) => country.code === code.toLowerCase());
}

/**
 * The country whose calling code starts an international number. `preferred` wins when its code
 * matches, so +1 stays Canada once Canada was chosen.
 */
export function countryOfNumber(phone: string, preferred?: Country): Country | undefined {
  // The same reading of `+` and `00` as the stored form (normalizePhone).
  const digits = internationalDigits(phone);
  if (digits === undefined) return undefined;
  if (preferred && digits.startsWith(preferred.dial)) return preferred;
  let best: Country | undefined;
  for (const country of COUNTRIES) {
    if (digits.startsWith(country.dial) && country.dial.length > (best?.dial.length ?? 0)) {
      best = country;
    }
  }
  return best;
}

/** Splits "+48 600 100 200" into Poland and "600 100 200"; a number without a known code stays whole. */
export function splitPhone(
  phone: string,
  selected: Country,
): { country: Country; national: string } {
  const country = countryOfNumber(phone, selected);
  if (!country) return { country: selected, national: phone };
  // Only the start is trimmed: a space typed at the end stays while the user types.
  const rest = phone.trimStart().replace(/^(\+|00)/, '');
  let seen = 0;
  let index = 0;
  // Skip the calling code's digits even when separators sit between them ("+4 8 600…").
  while (index < rest.length && seen < country.dial.length) {
    if (/[0-9]/.test(rest.charAt(index))) seen += 1;
    index += 1;
  }
  return { country, national: rest.slice(index).replace(/^[\s().-]+/, '') };
}

/** The international form the field reports: "+48 600 100 200", or '' while nothing is typed. */
export function joinPhone(country: Country, national: string): string {
  return national.trim() === '' ? '' : `+${country.dial} ${national}`;
}
