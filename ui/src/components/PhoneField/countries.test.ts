import { expect, test } from 'vitest';
import { COUNTRIES, countryOfNumber, findCountry, joinPhone, splitPhone } from './countries.ts';

const poland = findCountry('pl')!;
const canada = findCountry('ca')!;

test('every country has a unique ISO code and a calling code', () => {
  const codes = COUNTRIES.map((country) => country.code);
  expect(new Set(codes).size).toBe(codes.length);
  for (const country of COUNTRIES) expect(country.dial).toMatch(/^[1-9][0-9]{0,2}$/);
  expect(COUNTRIES.filter((country) => country.eu)).toHaveLength(27);
});

test('a full number names its country by the longest calling code', () => {
  expect(countryOfNumber('+358 40 123 4567')?.code).toBe('fi');
  expect(countryOfNumber('+44 20 7946 0958')?.code).toBe('gb');
  expect(countryOfNumber('0049 30 123456')?.code).toBe('de');
  expect(countryOfNumber('600 100 200')).toBeUndefined();
});

test('a shared calling code keeps the country the user chose', () => {
  expect(countryOfNumber('+1 416 555 0100', canada)?.code).toBe('ca');
  expect(countryOfNumber('+1 416 555 0100', poland)?.code).toBe('us');
});

test('a stored number splits into its country and national part', () => {
  expect(splitPhone('+48600100200', poland)).toEqual({ country: poland, national: '600100200' });
  expect(splitPhone('+48 600 100 200', canada).national).toBe('600 100 200');
  expect(splitPhone('600 100 200', poland)).toEqual({ country: poland, national: '600 100 200' });
  // A space typed at the end stays while typing.
  expect(splitPhone('+48 600 ', poland).national).toBe('600 ');
});

test('the field reports the international form, or nothing while empty', () => {
  expect(joinPhone(poland, '600 100 200')).toBe('+48 600 100 200');
  expect(joinPhone(poland, '  ')).toBe('');
});
