import { IntlMessageFormat } from 'intl-messageformat';
import { expect, test } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@brnd/contracts/domain/constants';
import { withFigures } from '@brnd/contracts/domain/copy-figures';
import { messages } from '@brnd/locales/messages';

// The password message and hint name the limits the rule holds to, as the app renders them.
test.each(['en', 'pl'] as const)('the %s password message and hint name both limits', (lang) => {
  for (const id of ['validation.password', 'accounts.fields.passwordHint'] as const) {
    const text = String(new IntlMessageFormat(messages[lang][id]!, lang).format(withFigures()));
    expect(text).toContain(String(PASSWORD_MIN_LENGTH));
    expect(text).toContain(String(PASSWORD_MAX_LENGTH));
  }
});
