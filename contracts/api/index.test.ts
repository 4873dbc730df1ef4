import * as v from 'valibot';
import { expect, test } from 'vitest';
import { endpointList, endpoints, providerEndpoints } from './index.ts';
import { parseEndpointInput, validationFailure } from './validation.ts';
import { changePassword, signup } from './accounts.ts';

test('every endpoint is keyed by its own id', () => {
  for (const [key, endpoint] of Object.entries(endpoints)) expect(endpoint.id).toBe(key);
});

test('no two endpoints share a method and path', () => {
  const routes = endpointList.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
  expect(new Set(routes).size).toBe(routes.length);
});

test('the table covers every API path of the spec', () => {
  const paths = new Set(endpointList.map((endpoint) => endpoint.path));
  for (const path of [
    '/api/user/login',
    '/api/user/signup',
    '/api/user/forgotpassword',
    '/api/user/resetpassword',
    '/api/user/confirm',
    '/api/user/getmobile/:code',
    '/api/user/changemobile',
    '/api/user/code_resend',
    '/api/user/confirm_mobile',
    '/api/referral',
    '/api/user/profile',
    '/api/user/updateprofile',
    '/api/user/changepassword',
    '/api/user/wallet',
    '/api/user/updatewallet',
    '/api/user/orders',
    '/api/user/getreferrals',
    '/api/referral/edit',
    '/api/user/newsletter',
    '/api/orders/buytokens',
    '/api/orders/verify/:uuid',
    '/api/orders/kantor',
    '/api/brands/vote',
    '/api/brands/add',
    '/api/brands/create',
    '/api/brands/toprated',
    '/api/brands/trending',
    '/api/brands/newlyadded',
    '/api/brands/search/:text',
    '/api/brands/details/:brandId',
    '/api/brands/total_brands',
    '/api/brands/mybrands',
    '/api/brands/myfav',
    '/api/contact',
  ]) {
    expect(paths, path).toContain(path);
  }
  expect(providerEndpoints.cardProviderInit.encoding).toBe('json');
});

test('a failed parse names each field once with its first message and leads with the first', () => {
  const result = parseEndpointInput(signup, {
    body: { name: '', mobile: 'abc', email: 'ada@', password: 'short' },
  });
  expect(result.success).toBe(false);
  if (result.success) return;
  expect(result.failure).toEqual({
    messageId: 'validation.fullName',
    errors: {
      name: 'validation.fullName',
      mobile: 'validation.phone',
      email: 'validation.email',
      password: 'validation.password',
    },
  });
});

test('a missing field is reported as required, a mismatch on the field it concerns', () => {
  const missing = parseEndpointInput(signup, { body: { name: 'Ada' } });
  expect(missing.success || missing.failure.errors?.email).toBe('validation.required');
  const mismatch = v.safeParse(changePassword.body, {
    currentpassword: 'Old123!x',
    newpassword: 'New123!x',
    confirmpassword: 'New123!y',
  });
  expect(mismatch.success).toBe(false);
  if (mismatch.success) return;
  expect(validationFailure(mismatch.issues).errors).toEqual({
    confirmpassword: 'validation.passwordMismatch',
  });
});
