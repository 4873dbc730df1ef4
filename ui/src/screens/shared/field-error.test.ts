import { expect, test } from 'vitest';
import { firstErrorId } from './field-error.ts';

test('the first schema issue or server id is the one shown', () => {
  expect(firstErrorId([{ message: 'validation.email' }, 'errors.emailExists'])).toBe(
    'validation.email',
  );
  expect(firstErrorId([undefined, 'errors.emailExists'])).toBe('errors.emailExists');
  expect(firstErrorId([])).toBeUndefined();
});
