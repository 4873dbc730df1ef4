import { BULK_GIVE_MAX_BYTES } from '@brnd/contracts/domain/brand-tokens';
import {
  BRAND_FORM_TRANSPORT_MAX_BYTES,
  UPLOADABLE_DOCUMENTS,
} from '@brnd/contracts/domain/verification';
import { FakeError } from './fake.ts';

/**
 * The bff's upload readers (bff/src/http/brands.ts, brand-tokens.ts) refuse a file past their
 * transport limit with a 413 before the endpoint's schemas see the body, so a file that far too
 * large is never a 400 under its field. The mocks answer the same, by endpoint id.
 */
const LIMITS: Record<string, { max: number; refusal: (field: string) => FakeError }> = {
  bulkGiveTokens: {
    max: BULK_GIVE_MAX_BYTES,
    refusal: () =>
      new FakeError(413, 'brandTokens.errors.csvSize', {
        errors: { file: 'brandTokens.errors.csvSize' },
      }),
  },
  ...Object.fromEntries(
    ['createBrand', 'registerCompany', 'uploadBrandDocuments'].map((id) => [
      id,
      { max: BRAND_FORM_TRANSPORT_MAX_BYTES, refusal: brandFormRefusal },
    ]),
  ),
};

/** As the bff's `tooLarge`: a document names its field, anything else is the logo. */
function brandFormRefusal(field: string): FakeError {
  if ((UPLOADABLE_DOCUMENTS as readonly string[]).includes(field)) {
    return new FakeError(413, 'uploads.documentTooLarge', {
      errors: { [field]: 'uploads.documentTooLarge' },
    });
  }
  return new FakeError(413, 'uploads.logoTooLarge', {
    errors: { image: 'uploads.logoTooLarge' },
  });
}

/** Throws the 413 the bff's reader answers when a file of this body is past its limit. */
export function checkUploadLimit(endpointId: string, body: unknown): void {
  const limit = LIMITS[endpointId];
  if (!limit || typeof body !== 'object' || body === null) return;
  for (const [field, value] of Object.entries(body)) {
    if (value instanceof Blob && value.size > limit.max) throw limit.refusal(field);
  }
}
