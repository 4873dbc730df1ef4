import { vote } from '@brnd/contracts/api/brands';
import { expect, test } from 'vitest';
import { createMemoryLogger } from '../logger.ts';
import { DomainError } from '../services/errors.ts';
import { ValidationError } from './errors.ts';
import { checkDeclared } from './route.ts';

/** Decision 051: a route answers only the errors its endpoint declares. */

const undeclared = new DomainError(402, 'errors.paymentRequired');

test('a declared error passes, its values as declared', () => {
  const logger = createMemoryLogger();
  const limit = new DomainError(429, 'errors.voteLimit', {
    values: { voteLimit: 10, timeInHours: 3 },
    retryAfterSeconds: 3 * 3600,
  });
  for (const error of [limit, new DomainError(409, 'errors.alreadyVoted')]) {
    expect(() => checkDeclared(vote, error, { strict: true, logger })).not.toThrow();
  }
  const invalid = new ValidationError({
    messageId: 'validation.required',
    errors: { brand_id: 'validation.required' },
  });
  expect(() => checkDeclared(vote, invalid, { strict: true, logger })).not.toThrow();
  expect(logger.entries).toEqual([]);
});

test('development and tests fail on an undeclared error, naming the endpoint and the answer', () => {
  const logger = createMemoryLogger();
  expect(() => checkDeclared(vote, undeclared, { strict: true, logger })).toThrow(
    /vote answered an error it does not declare: 402 .*errors\.paymentRequired/,
  );
  // A declared kind with values of another shape is undeclared too (the hours as text, not a number).
  const drifted = new DomainError(429, 'errors.voteLimit', {
    values: { voteLimit: 10, timeInHours: '3' },
  });
  expect(() => checkDeclared(vote, drifted, { strict: true, logger })).toThrow(/429/);
});

test('production logs an undeclared error and lets it be answered', () => {
  const logger = createMemoryLogger();
  expect(() => checkDeclared(vote, undeclared, { strict: false, logger })).not.toThrow();
  expect(logger.entries).toMatchObject([
    {
      level: 'error',
      message: expect.stringContaining('vote answered an error it does not declare'),
    },
  ]);
});

test('an unexpected failure is no catalogue matter: it stays a 500', () => {
  const logger = createMemoryLogger();
  expect(() => checkDeclared(vote, new Error('boom'), { strict: true, logger })).not.toThrow();
});
