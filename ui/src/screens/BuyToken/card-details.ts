import * as v from 'valibot';
import { CardProviderInitSchema } from '@brnd/contracts/api/card-provider';
import type { Session } from '../../session.tsx';
import { firstErrorId } from '../shared/field-error.ts';

/** The buyer's details the card provider needs; rules from the provider's contract. */
export const CardDetailsSchema = v.pick(CardProviderInitSchema, [
  'name',
  'surname',
  'emailAddress',
  'emailConfirm',
  'phoneNumber',
]);
export type CardDetails = v.InferOutput<typeof CardDetailsSchema>;
export type CardDetailsInput = v.InferInput<typeof CardDetailsSchema>;
export type CardDetailsErrors = Partial<Record<keyof CardDetailsInput, string>>;

/** Prefilled from the session: the cookie holds one name, the provider wants name and surname. */
export function cardDetailsFromSession(session: Session | null): CardDetailsInput {
  const [name = '', ...rest] = (session?.name ?? '').trim().split(/\s+/);
  return {
    name,
    surname: rest.join(' '),
    emailAddress: session?.email ?? '',
    emailConfirm: session?.email ?? '',
    phoneNumber: session?.mobile ?? '',
  };
}

/**
 * Parsed details (the phone cleaned of spaces and dashes by the schema), or a message id per
 * field that is wrong.
 */
export function checkCardDetails(
  input: CardDetailsInput,
):
  | { details: CardDetails; errors?: undefined }
  | { details?: undefined; errors: CardDetailsErrors } {
  const result = v.safeParse(CardDetailsSchema, input);
  const errors: CardDetailsErrors = {};
  if (!result.success) {
    const flat = v.flatten<typeof CardDetailsSchema>(result.issues).nested ?? {};
    for (const [field, messages] of Object.entries(flat)) {
      const id = firstErrorId(messages ?? []);
      if (id) errors[field as keyof CardDetailsInput] = id;
    }
  }
  // Checked beside the schema so a mismatch shows together with the other fields' errors.
  if (!errors.emailConfirm && input.emailConfirm.trim() !== input.emailAddress.trim()) {
    errors.emailConfirm = 'sale.card.emailMismatch';
  }
  if (result.success && Object.keys(errors).length === 0) return { details: result.output };
  return { errors };
}
