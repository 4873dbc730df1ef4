import * as v from 'valibot';

/**
 * Every failed call answers with this body. `message` is English text for API consumers and logs;
 * `messageId` is the locale key the interface translates; `errors` maps a field to its message id.
 */
export const ErrorResponseSchema = v.object({
  message: v.string(),
  messageId: v.optional(v.string()),
  errors: v.optional(v.record(v.string(), v.string())),
  /** Values the message interpolates, e.g. a plan limit's `{limit}` and `{plan}`. */
  values: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
});
export type ErrorResponse = v.InferOutput<typeof ErrorResponseSchema>;
