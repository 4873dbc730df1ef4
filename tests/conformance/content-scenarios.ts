import { contact, newsletter } from '@brnd/contracts/api/content';
import { createReferral } from '@brnd/contracts/api/referrals';
import {
  CONTACT_MESSAGES_PER_IP,
  NEWSLETTER_SIGNUPS_PER_IP,
} from '@brnd/contracts/domain/constants';
import { REFERRAL_LINKS_PER_USER } from '@brnd/contracts/domain/referrals';
import { verifiedUser } from './accounts-scenarios.ts';
import { call, type Scenario } from './runner.ts';

/**
 * The bounds of the public forms and of referral links (decision 051): each run is its own
 * client address, so the per-address throttles start afresh.
 */

const message = {
  contactName: 'Jan Kowalski',
  contactEmail: 'jan@sklep.example',
  contactWebsite: 'https://sklep.pl',
  contactCountry: 'Poland',
  contactAnything: 'We would like to issue a token for our shop.',
};

export const contentScenarios: Scenario[] = [
  {
    name: `newsletter: ${NEWSLETTER_SIGNUPS_PER_IP} sign-ups an hour from one address`,
    steps: [
      call(newsletter, {
        times: NEWSLETTER_SIGNUPS_PER_IP,
        input: (values) => ({ body: { email: values.email! } }),
        expect: { status: 200 },
      }),
      call(newsletter, {
        label: 'one sign-up too many',
        input: (values) => ({ body: { email: values.email! } }),
        expect: { status: 429, kind: 'tooManyAttempts', retryAfter: true },
      }),
    ],
  },
  {
    name: `contact: ${CONTACT_MESSAGES_PER_IP} messages an hour from one address`,
    steps: [
      call(contact, {
        times: CONTACT_MESSAGES_PER_IP,
        input: () => ({ body: message }),
        expect: { status: 200 },
      }),
      call(contact, {
        label: 'one message too many',
        input: () => ({ body: message }),
        expect: { status: 429, kind: 'tooManyAttempts', retryAfter: true },
      }),
    ],
  },
  {
    name: `referrals: ${REFERRAL_LINKS_PER_USER} links an account, its own code the first`,
    steps: [
      ...verifiedUser,
      call(createReferral, {
        as: 'token',
        times: REFERRAL_LINKS_PER_USER - 1,
        input: () => ({ body: { description: 'Another place' } }),
        expect: { status: 201 },
      }),
      call(createReferral, {
        label: 'one link too many',
        as: 'token',
        input: () => ({ body: { description: 'One too many' } }),
        expect: { status: 409, kind: 'tooManyLinks' },
      }),
    ],
  },
];
