import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import { OpaqueCodeSchema } from '../domain/rules.ts';
import { UserSchema } from './user.ts';
import { inputErrors, linkInvalid, readSessionErrors } from './shared-errors.ts';

/**
 * The account reads the site's frame makes on every page (the signed-in user's profile, the
 * mobile a phone link names). Apart from accounts.ts, so the first page does not carry the
 * account forms' field rules (decision 018); accounts.ts re-exports them.
 */

export const getMobile = defineEndpoint({
  id: 'getMobile',
  method: 'GET',
  path: '/api/user/getmobile/:code',
  params: v.object({ code: OpaqueCodeSchema }),
  response: v.object({ message: v.string(), mobile: v.string() }),
  errors: { linkInvalid, ...inputErrors },
});

export const profile = defineEndpoint({
  id: 'profile',
  method: 'GET',
  path: '/api/user/profile',
  auth: 'required',
  response: v.object({ user: UserSchema }),
  errors: { ...readSessionErrors },
});
