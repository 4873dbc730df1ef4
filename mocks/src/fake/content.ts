import { SUCCESS } from '@brnd/contracts/api/accounts';
import {
  CONTACT_MESSAGES_PER_IP,
  CONTACT_WINDOW_MS,
  NEWSLETTER_SIGNUPS_PER_IP,
} from '@brnd/contracts/domain/constants';
import type { FakeCore } from './core.ts';

/** Newsletter and contact form as the bff's services/contact.ts, throttled per address alike. */
export function fakeContent(core: FakeCore) {
  const { hit, tooManyAttempts } = core;
  const throttle = (key: string, limit: number) => {
    const attempt = hit(key, limit, CONTACT_WINDOW_MS);
    if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfterSeconds);
  };
  return {
    newsletter(input: { email: string }, clientAddress = 'local') {
      throttle(`newsletter:ip:${clientAddress}`, NEWSLETTER_SIGNUPS_PER_IP);
      if (!core.state.newsletter.includes(input.email)) core.state.newsletter.push(input.email);
      return { message: SUCCESS };
    },

    contact(
      input: {
        contactName: string;
        contactEmail: string;
        contactWebsite: string;
        contactCountry: string;
        contactAnything: string;
      },
      clientAddress = 'local',
    ) {
      throttle(`contact:ip:${clientAddress}`, CONTACT_MESSAGES_PER_IP);
      core.state.contactMessages.push({
        name: input.contactName,
        email: input.contactEmail,
        website: input.contactWebsite,
        country: input.contactCountry,
        text: input.contactAnything,
      });
      return { message: SUCCESS };
    },

    /** What tests and stories may want to look at without an endpoint for it. */
    inspect() {
      return {
        newsletter: [...core.state.newsletter],
        contactMessages: core.state.contactMessages.map((message) => ({ ...message })),
        userCount: core.state.users.length,
      };
    },
  };
}
