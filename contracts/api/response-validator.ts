import * as v from 'valibot';
import type { Endpoint } from './endpoint.ts';
import { ErrorResponseSchema } from './error-schema.ts';
import { ApiError } from './errors.ts';
import type { ResponseValidator } from './transport.ts';

/**
 * Every answer checked against its contract schema: what the bff, the conformance suite, tests,
 * stories and the development app use. The production browser goes without (decision 050).
 */
export const contractValidator: ResponseValidator = {
  response(endpoint: Endpoint, status: number, value: unknown) {
    const parsed = v.safeParse(endpoint.response, value);
    if (!parsed.success) {
      throw new ApiError(status, {
        message: `Unexpected answer from ${endpoint.id}: ${v.summarize(parsed.issues)}`,
        messageId: 'errors.server',
      });
    }
    return parsed.output;
  },
  error(value: unknown) {
    const parsed = v.safeParse(ErrorResponseSchema, value);
    return parsed.success ? parsed.output : undefined;
  },
  event(schema: v.GenericSchema, value: unknown) {
    const parsed = v.safeParse(schema, value);
    return parsed.success ? { valid: true, output: parsed.output } : { valid: false };
  },
};
