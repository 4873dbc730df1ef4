import { expect, test } from 'vitest';
import { isOverdue, verificationDueAt } from './verification.ts';

const due = (iso: string) => verificationDueAt(new Date(iso)).toISOString();

test('a weekday submission is due at the same Warsaw time two business days later', () => {
  // Monday 10:00 in Warsaw (UTC+1 in winter) → Wednesday 10:00.
  expect(due('2031-01-13T09:00:00Z')).toBe('2031-01-15T09:00:00.000Z');
  // Thursday → Monday: the weekend does not count.
  expect(due('2031-01-16T09:00:00Z')).toBe('2031-01-20T09:00:00.000Z');
  // Friday 15:30 → Tuesday 15:30.
  expect(due('2031-01-17T14:30:00Z')).toBe('2031-01-21T14:30:00.000Z');
});

test('a weekend submission counts from Monday 00:00, so it is due at the end of Tuesday', () => {
  // Saturday noon and Sunday 23:59 in Warsaw both → Wednesday 00:00 in Warsaw.
  expect(due('2031-01-18T11:00:00Z')).toBe('2031-01-21T23:00:00.000Z');
  expect(due('2031-01-19T22:59:00Z')).toBe('2031-01-21T23:00:00.000Z');
  // Friday 23:30 in Warsaw is Friday there (22:30 UTC), not Saturday: due Tuesday 23:30.
  expect(due('2031-01-17T22:30:00Z')).toBe('2031-01-21T22:30:00.000Z');
});

test('the due time keeps the wall-clock time across a daylight-saving change', () => {
  // Friday 28 March 2031, 12:00 in Warsaw (UTC+1); the clocks go forward on Sunday 30 March,
  // so Tuesday 1 April 12:00 in Warsaw is 10:00 UTC.
  expect(due('2031-03-28T11:00:00Z')).toBe('2031-04-01T10:00:00.000Z');
});

test('an item is overdue only after its due time', () => {
  const submitted = new Date('2031-01-13T09:00:00Z');
  expect(isOverdue(submitted, new Date('2031-01-15T09:00:00Z'))).toBe(false);
  expect(isOverdue(submitted, new Date('2031-01-15T09:00:01Z'))).toBe(true);
});

test('Polish public holidays are not business days', () => {
  // Thursday 31 October 2030, 10:00 in Warsaw: Friday 1 November is All Saints' Day, so the two
  // business days are Monday and Tuesday.
  expect(due('2030-10-31T09:00:00Z')).toBe('2030-11-05T09:00:00.000Z');
  // Monday 23 December 2030: Christmas Eve and both days of Christmas are holidays → Friday 27th.
  expect(due('2030-12-23T09:00:00Z')).toBe('2030-12-30T09:00:00.000Z');
});

test('a submission on a holiday counts from the start of the next business day', () => {
  // Easter Monday 2031 (14 April), noon in Warsaw → counts from Tuesday 00:00, due Thursday 00:00.
  expect(due('2031-04-14T10:00:00Z')).toBe('2031-04-16T22:00:00.000Z');
});
