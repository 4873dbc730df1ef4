import * as v from 'valibot';
import { LANGUAGES } from '../domain/constants.ts';

/** The account as the profile shows it. */
export const UserSchema = v.object({
  name: v.string(),
  email: v.string(),
  mobile: v.string(),
  address: v.string(),
  /** The language of every e-mail and SMS the account receives. */
  language: v.picklist(LANGUAGES),
});
export type User = v.InferOutput<typeof UserSchema>;
