import { expect, test } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@brnd/contracts/domain/constants';
import { messages } from '@brnd/locales/messages';

// The password message and hint spell the limits out in words; this keeps them equal to the rule.
test.each(['en', 'pl'] as const)('the %s password message and hint name both limits', (lang) => {
  for (const text of [
    messages[lang]['validation.password'],
    messages[lang]['accounts.fields.passwordHint'],
  ]) {
    expect(text).toContain(String(PASSWORD_MIN_LENGTH));
    expect(text).toContain(String(PASSWORD_MAX_LENGTH));
  }
});
