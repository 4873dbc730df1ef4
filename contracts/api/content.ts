import * as v from 'valibot';
import { defineEndpoint } from './endpoint.ts';
import { blog } from './blog.ts';
import { MessageResponseSchema } from './message.ts';
import { inputErrors, tooManyAttempts } from './error-catalogue.ts';
import {
  ContactCountrySchema,
  ContactEmailSchema,
  ContactNameSchema,
  ContactTextSchema,
  ContactWebsiteSchema,
  NewsletterEmailSchema,
} from '../domain/rules.ts';

/** The ICO page's 'Notify me' newsletter and the contact form. */

export const newsletter = defineEndpoint({
  id: 'newsletter',
  method: 'POST',
  path: '/api/user/newsletter',
  body: v.object({ email: NewsletterEmailSchema }),
  response: MessageResponseSchema,
  errors: { ...inputErrors, tooManyAttempts },
});

/** The spec has two readings of the contact form; this is the stricter one (country and text too). */
export const contact = defineEndpoint({
  id: 'contact',
  method: 'POST',
  path: '/api/contact',
  encoding: 'json',
  body: v.object({
    contactName: ContactNameSchema,
    contactEmail: ContactEmailSchema,
    contactWebsite: ContactWebsiteSchema,
    contactCountry: ContactCountrySchema,
    contactAnything: ContactTextSchema,
  }),
  response: MessageResponseSchema,
  errors: { ...inputErrors, tooManyAttempts },
});

export const contentEndpoints = { newsletter, contact, blog } as const;
