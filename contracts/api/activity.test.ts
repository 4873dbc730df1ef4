import * as v from 'valibot';
import { expect, test } from 'vitest';
import { activity } from './activity.ts';

test("the activity page's limit and offset are refused past a safe integer (the bff's SQL takes bigints)", () => {
  const page = (query: Record<string, string>) => v.safeParse(activity.query, query).success;
  expect(page({ limit: '5', offset: '9007199254740991' })).toBe(true);
  expect(page({ limit: '1e308' })).toBe(false);
  expect(page({ offset: '1.2962672117985664e+45' })).toBe(false);
});
