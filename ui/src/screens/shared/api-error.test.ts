import { expect, test } from 'vitest';
import { createIntl } from 'react-intl';
import { ApiError } from '@brnd/contracts/api/errors';
import { messages } from '@brnd/locales/messages';
import { apiErrorText, serverFieldErrors } from './api-error.ts';

const en = createIntl({ locale: 'en', messages: messages.en });
const pl = createIntl({ locale: 'pl', messages: { ...messages.en, ...messages.pl } });

test('a known message id is shown in the reader’s language', () => {
  const error = new ApiError(409, {
    message: 'An account with this e-mail address already exists.',
    messageId: 'errors.emailExists',
  });
  expect(apiErrorText(error, en)).toBe('An account with this e-mail address already exists.');
  expect(apiErrorText(error, pl)).toBe(messages.pl['errors.emailExists']);
});

test('an unknown message id falls back to the server’s text', () => {
  const error = new ApiError(400, { message: 'Card declined', messageId: 'errors.noSuchKey' });
  expect(apiErrorText(error, en)).toBe('Card declined');
});

test('a throttled call says how many seconds to wait', () => {
  const error = new ApiError(
    429,
    { message: 'Too many attempts', messageId: 'errors.tooManyAttempts' },
    new Headers({ 'retry-after': '42' }),
  );
  expect(apiErrorText(error, en)).toBe('Too many attempts. Please wait 42 seconds and try again.');
});

test('a long throttle is said in minutes or hours, in the page language', () => {
  const throttled = (seconds: string) =>
    new ApiError(
      429,
      { message: 'Too many attempts', messageId: 'errors.tooManyAttempts' },
      new Headers({ 'retry-after': seconds }),
    );
  expect(apiErrorText(throttled('1800'), en)).toBe(
    'Too many attempts. Please wait 30 minutes and try again.',
  );
  expect(apiErrorText(throttled('7200'), en)).toBe(
    'Too many attempts. Please wait 2 hours and try again.',
  );
  expect(apiErrorText(throttled('1800'), pl)).toBe(
    'Zbyt wiele prób. Odczekaj 30 minut i spróbuj ponownie.',
  );
  expect(apiErrorText(throttled('120'), pl)).toBe(
    'Zbyt wiele prób. Odczekaj 2 minuty i spróbuj ponownie.',
  );
});

test('a throttled call without Retry-After still tells the user to wait', () => {
  const error = new ApiError(429, { message: 'Too many attempts' });
  expect(apiErrorText(error, en)).toBe(messages.en['errors.tooManyAttemptsLater']);
});

test('a throttle with its own message keeps it', () => {
  const error = new ApiError(
    429,
    { message: 'Too many codes', messageId: 'errors.resendLimit' },
    new Headers({ 'retry-after': '3600' }),
  );
  expect(apiErrorText(error, en)).toBe(messages.en['errors.resendLimit']);
});

test('an error that is not from the API reads as a server problem', () => {
  expect(apiErrorText(new TypeError('boom'), en)).toBe(messages.en['errors.server']);
});

test('field errors come only from a 400 that names fields', () => {
  const fields = { email: 'validation.email' };
  expect(serverFieldErrors(new ApiError(400, { message: 'x', errors: fields }))).toEqual(fields);
  expect(serverFieldErrors(new ApiError(400, { message: 'x', errors: {} }))).toBeUndefined();
  expect(serverFieldErrors(new ApiError(409, { message: 'x', errors: fields }))).toBeUndefined();
  expect(serverFieldErrors(new Error('x'))).toBeUndefined();
});
