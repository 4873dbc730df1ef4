/**
 * Public holidays in Poland (the Provider's calendar), as the Act on non-working days lists them.
 * Fixed dates plus the ones that move with Easter; Christmas Eve is a holiday from 2025 on.
 */

const FIXED_HOLIDAYS: readonly (readonly [month: number, day: number])[] = [
  [1, 1], // New Year's Day
  [1, 6], // Epiphany
  [5, 1], // Labour Day
  [5, 3], // Constitution Day
  [8, 15], // Assumption
  [11, 1], // All Saints' Day
  [11, 11], // Independence Day
  [12, 25], // Christmas Day
  [12, 26], // Second day of Christmas
];
const CHRISTMAS_EVE_SINCE = 2025;

/** Easter Sunday of a Gregorian year (the anonymous algorithm of Meeus, Jones and Butcher). */
export function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

const DAY_MS = 86_400_000;
const dateKey = (date: Date) => date.toISOString().slice(0, 10);

const holidaysByYear = new Map<number, ReadonlySet<string>>();

/** `YYYY-MM-DD` of every public holiday of the year. */
export function polishPublicHolidays(year: number): ReadonlySet<string> {
  const known = holidaysByYear.get(year);
  if (known) return known;
  const easter = easterSunday(year);
  const easterMs = Date.UTC(year, easter.month - 1, easter.day);
  const fixed = [...FIXED_HOLIDAYS, ...(year >= CHRISTMAS_EVE_SINCE ? [[12, 24] as const] : [])];
  const dates = new Set([
    ...fixed.map(([month, day]) => dateKey(new Date(Date.UTC(year, month - 1, day)))),
    // Easter Sunday and Monday, Pentecost Sunday, Corpus Christi.
    ...[0, 1, 49, 60].map((offset) => dateKey(new Date(easterMs + offset * DAY_MS))),
  ]);
  holidaysByYear.set(year, dates);
  return dates;
}

export function isPolishPublicHoliday(year: number, month: number, day: number): boolean {
  return polishPublicHolidays(year).has(dateKey(new Date(Date.UTC(year, month - 1, day))));
}
