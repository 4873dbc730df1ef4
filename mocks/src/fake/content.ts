import { SUCCESS } from '@brnd/contracts/api/accounts';
import type { FakeCore } from './core.ts';

/** Newsletter and contact form as the bff's services/contact.ts. */
export function fakeContent(core: FakeCore) {
  return {
    newsletter(input: { email: string }) {
      if (!core.state.newsletter.includes(input.email)) core.state.newsletter.push(input.email);
      return { message: SUCCESS };
    },

    contact(input: {
      contactName: string;
      contactEmail: string;
      contactWebsite: string;
      contactCountry: string;
      contactAnything: string;
    }) {
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
