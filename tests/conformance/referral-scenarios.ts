import { changeMobile, confirmEmail, confirmMobile, signup } from '@brnd/contracts/api/accounts';
import {
  archiveReferral,
  createReferral,
  deleteReferral,
  editReferral,
  referrals,
  visitReferral,
} from '@brnd/contracts/api/referrals';
import { expect } from 'vitest';
import { verifiedUser } from './accounts-scenarios.ts';
import { call, freshValues, readOutbox, type Scenario, type Step } from './runner.ts';

/** The referral rows of the API (and the new link creation), against the mocks and the bff. */

const saveOwnCode: Step = call(referrals, {
  label: "the new account's own link",
  as: 'token',
  expect: {
    status: 200,
    body: () => ({
      orders: {
        rows: [{ code: expect.any(String), description: '', clicks: 0, signups: 0, tokens: 0 }],
      },
    }),
  },
  save: (body, values) => {
    values.ownCode = body.orders.rows[0]?.code ?? '';
  },
});

/** From here on the steps speak as a second person, B; A's session stays in `aToken`. */
const becomeB: Step = call(referrals, {
  label: "A's links, before B arrives",
  as: 'token',
  expect: { status: 200 },
  save: (_body, values) => {
    const b = freshValues();
    Object.assign(values, { aToken: values.token, ...b });
    delete values.token;
  },
});

const bSignsUpThrough = (codeKey: string): Step[] => [
  call(signup, {
    label: 'B signs up through the link',
    input: (values) => ({
      body: {
        name: values.name!,
        mobile: values.mobile!,
        email: values.email!,
        password: values.password!,
        referral_code: values[codeKey]!,
      },
    }),
    expect: { status: 201 },
  }),
  readOutbox('verification', (values) => values.email!, 'code'),
  call(confirmEmail, {
    input: (values) => ({ body: { verification_code: values.code! } }),
    expect: { status: 200 },
  }),
];

const bVerifiesThePhone: Step[] = [
  call(changeMobile, {
    input: (values) => ({ body: { verification_code: values.code!, mobile: values.mobile! } }),
    expect: { status: 200 },
  }),
  readOutbox('sms', (values) => values.mobileNormalized!, 'smsCode'),
  call(confirmMobile, {
    input: (values) => ({
      body: { mobile_verification_code: values.smsCode!, verification_code: values.code! },
    }),
    expect: { status: 200, body: () => ({ message: 'success' }) },
  }),
];

export const referralScenarios: Scenario[] = [
  {
    name: 'referrals: links are created with a description, edited, and count their clicks',
    steps: [
      ...verifiedUser,
      saveOwnCode,
      call(createReferral, {
        label: 'a new link',
        as: 'token',
        input: () => ({ body: { description: 'Newsletter' } }),
        expect: {
          status: 201,
          body: (values) => ({
            message: 'success',
            referral: {
              code: expect.stringMatching(new RegExp(`^${values.ownCode}-[A-Z2-9]{5}$`)) as never,
              description: 'Newsletter',
              clicks: 0,
              signups: 0,
              tokens: 0,
            },
          }),
        },
        save: (body, values) => {
          values.newCode = body.referral.code;
        },
      }),
      call(createReferral, {
        label: 'a description over 200 characters',
        as: 'token',
        input: () => ({ body: { description: 'x'.repeat(201) } }),
        expect: { status: 400, fields: { description: 'referrals.validation.description' } },
      }),
      call(createReferral, {
        label: 'an empty description',
        as: 'token',
        input: () => ({ body: { description: '  ' } }),
        expect: {
          status: 400,
          fields: { description: 'referrals.validation.descriptionRequired' },
        },
      }),
      call(editReferral, {
        as: 'token',
        input: (values) => ({ body: { code: values.newCode!, description: 'Newsletter, May' } }),
        expect: { status: 200, body: () => ({ message: 'success' }) },
      }),
      call(editReferral, {
        label: 'a link that is not ours',
        as: 'token',
        input: () => ({ body: { code: 'NOSUCHLINK', description: 'x' } }),
        expect: { status: 404, messageId: 'referrals.errors.unknownLink' },
      }),
      call(visitReferral, {
        label: 'three visits of the new link by one visitor',
        times: 3,
        input: (values) => ({ body: { referral_code: values.newCode! } }),
        expect: { status: 200, body: () => ({ message: 'success' }) },
      }),
      call(visitReferral, {
        label: 'a visit of an unknown code',
        input: () => ({ body: { referral_code: 'NOSUCHLINK' } }),
        expect: { status: 404, messageId: 'referrals.errors.unknownLink' },
      }),
      call(referrals, {
        label: 'the table',
        as: 'token',
        expect: {
          status: 200,
          body: (values) => ({
            orders: {
              rows: [
                { code: values.ownCode!, description: '', clicks: 0, signups: 0, tokens: 0 },
                {
                  code: values.newCode!,
                  description: 'Newsletter, May',
                  // One visitor's visits in a day are one click.
                  clicks: 1,
                  signups: 0,
                  tokens: 0,
                },
              ],
            },
          }),
        },
      }),
      call(referrals, { label: 'without a session', expect: { status: 401 } }),
    ],
  },
  {
    name: 'referrals: a referred account that completes verification earns its referrer 10 BRND',
    steps: [
      ...verifiedUser,
      saveOwnCode,
      call(visitReferral, {
        label: "B opens A's link",
        input: (values) => ({ body: { referral_code: values.ownCode! } }),
        expect: { status: 200 },
      }),
      becomeB,
      ...bSignsUpThrough('ownCode'),
      call(referrals, {
        label: 'registered, not yet verified: nothing counted',
        as: 'aToken',
        expect: {
          status: 200,
          body: () => ({ orders: { rows: [expect.objectContaining({ clicks: 1, signups: 0 })] } }),
        },
      }),
      ...bVerifiesThePhone,
      call(referrals, {
        label: "A's table after B verified",
        as: 'aToken',
        expect: {
          status: 200,
          body: () => ({
            orders: {
              rows: [expect.objectContaining({ clicks: 1, signups: 1, tokens: 10 })],
            },
          }),
        },
      }),
    ],
  },
  {
    name: "referrals: a link that brought no one is deleted; one that did is archived and still pays for it; new visits of either count on the account's own link, which stays",
    steps: [
      ...verifiedUser,
      saveOwnCode,
      ...(['spareCode', 'forumCode'] as const).map((key) =>
        call(createReferral, {
          label: `a link to ${key === 'spareCode' ? 'delete' : 'archive'}`,
          as: 'token',
          input: () => ({ body: { description: key } }),
          expect: { status: 201 },
          save: (body, values) => {
            values[key] = body.referral.code;
          },
        }),
      ),
      call(archiveReferral, {
        label: "the account's own link",
        as: 'token',
        input: (values) => ({ body: { code: values.ownCode! } }),
        expect: { status: 409, messageId: 'referrals.errors.ownLink' },
      }),
      call(deleteReferral, {
        label: "the account's own link",
        as: 'token',
        input: (values) => ({ body: { code: values.ownCode! } }),
        expect: { status: 409, messageId: 'referrals.errors.ownLink' },
      }),
      call(deleteReferral, {
        label: 'a link that is not ours',
        as: 'token',
        input: () => ({ body: { code: 'NOSUCHLINK' } }),
        expect: { status: 404, messageId: 'referrals.errors.unknownLink' },
      }),
      call(archiveReferral, {
        label: 'a link that is not ours',
        as: 'token',
        input: () => ({ body: { code: 'NOSUCHLINK' } }),
        expect: { status: 404, messageId: 'referrals.errors.unknownLink' },
      }),
      call(archiveReferral, {
        label: 'without a session',
        input: (values) => ({ body: { code: values.forumCode! } }),
        expect: { status: 401 },
      }),
      call(deleteReferral, {
        label: 'the link that brought no one',
        as: 'token',
        input: (values) => ({ body: { code: values.spareCode! } }),
        expect: { status: 200, body: () => ({ message: 'success' }) },
      }),
      call(visitReferral, {
        label: "a visit of the deleted link counts on the account's own link",
        input: (values) => ({ body: { referral_code: values.spareCode! } }),
        expect: { status: 200 },
      }),
      becomeB,
      ...bSignsUpThrough('forumCode'),
      call(deleteReferral, {
        label: 'the link B signed up through',
        as: 'aToken',
        input: (values) => ({ body: { code: values.forumCode! } }),
        expect: { status: 409, messageId: 'referrals.errors.linkInUse' },
      }),
      call(archiveReferral, {
        label: 'the link B signed up through',
        as: 'aToken',
        input: (values) => ({ body: { code: values.forumCode! } }),
        expect: { status: 200, body: () => ({ message: 'success' }) },
      }),
      call(visitReferral, {
        label: "a visit of the archived link counts on the account's own link",
        input: (values) => ({ body: { referral_code: values.forumCode! } }),
        expect: { status: 200 },
      }),
      ...bVerifiesThePhone,
      call(referrals, {
        label:
          "A's table: the deleted link gone, the archived one kept, B's reward paid through it",
        as: 'aToken',
        expect: {
          status: 200,
          body: (values) => ({
            orders: {
              rows: [
                expect.objectContaining({ code: values.ownCode!, archived: false }),
                expect.objectContaining({
                  code: values.forumCode!,
                  archived: true,
                  clicks: 0,
                  signups: 1,
                  tokens: 10,
                }),
              ],
            },
          }),
        },
      }),
    ],
  },
];
