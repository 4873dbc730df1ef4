import { expect, test } from 'vitest';
import { isOverdue, verificationDueAt } from './verification.ts';

const due = (iso: string) => verificationDueAt(new Date(iso)).toISOString();

test('a weekday submission is due at the same Warsaw time two business days later', () => {
  // Monday 10:00 in Warsaw (UTC+1 in winter) → Wednesday 10:00.
  expect(due('2031-01-06T09:00:00Z')).toBe('2031-01-08T09:00:00.000Z');
  // Thursday → Monday: the weekend does not count.
  expect(due('2031-01-09T09:00:00Z')).toBe('2031-01-13T09:00:00.000Z');
  // Friday 15:30 → Tuesday 15:30.
  expect(due('2031-01-10T14:30:00Z')).toBe('2031-01-14T14:30:00.000Z');
});

test('a weekend submission counts from Monday 00:00, so it is due at the end of Tuesday', () => {
  // Saturday noon and Sunday 23:59 in Warsaw both → Wednesday 00:00 in Warsaw.
  expect(due('2031-01-11T11:00:00Z')).toBe('2031-01-14T23:00:00.000Z');
  expect(due('2031-01-12T22:59:00Z')).toBe('2031-01-14T23:00:00.000Z');
  // Friday 23:30 in Warsaw is Friday there (22:30 UTC), not Saturday: due Tuesday 23:30.
  expect(due('2031-01-10T22:30:00Z')).toBe('2031-01-14T22:30:00.000Z');
});

test('the due time keeps the wall-clock time across a daylight-saving change', () => {
  // Friday 28 March 2031, 12:00 in Warsaw (UTC+1); the clocks go forward on Sunday 30 March,
  // so Tuesday 1 April 12:00 in Warsaw is 10:00 UTC.
  expect(due('2031-03-28T11:00:00Z')).toBe('2031-04-01T10:00:00.000Z');
});

test('an item is overdue only after its due time', () => {
  const submitted = new Date('2031-01-06T09:00:00Z');
  expect(isOverdue(submitted, new Date('2031-01-08T09:00:00Z'))).toBe(false);
  expect(isOverdue(submitted, new Date('2031-01-08T09:00:01Z'))).toBe(true);
});
