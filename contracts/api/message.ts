import * as v from 'valibot';

/** The spec's answer of most calls: a message, 'success' when it went well. */
export const MessageResponseSchema = v.object({ message: v.string() });
