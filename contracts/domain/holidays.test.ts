import { expect, test } from 'vitest';
import { easterSunday, isPolishPublicHoliday, polishPublicHolidays } from './holidays.ts';

test('Easter Sunday falls on the dates the church calendar gives', () => {
  expect(easterSunday(2024)).toEqual({ month: 3, day: 31 });
  expect(easterSunday(2025)).toEqual({ month: 4, day: 20 });
  expect(easterSunday(2026)).toEqual({ month: 4, day: 5 });
  expect(easterSunday(2027)).toEqual({ month: 3, day: 28 });
  expect(easterSunday(2038)).toEqual({ month: 4, day: 25 });
});

test('the Polish holidays of 2026 are the fixed ones plus those that move with Easter', () => {
  expect([...polishPublicHolidays(2026)].sort()).toEqual([
    '2026-01-01',
    '2026-01-06',
    '2026-04-05',
    '2026-04-06',
    '2026-05-01',
    '2026-05-03',
    '2026-05-24',
    '2026-06-04',
    '2026-08-15',
    '2026-11-01',
    '2026-11-11',
    '2026-12-24',
    '2026-12-25',
    '2026-12-26',
  ]);
});

test('Christmas Eve is a holiday only from 2025 on', () => {
  expect(isPolishPublicHoliday(2024, 12, 24)).toBe(false);
  expect(isPolishPublicHoliday(2025, 12, 24)).toBe(true);
  expect(isPolishPublicHoliday(2026, 12, 23)).toBe(false);
});
