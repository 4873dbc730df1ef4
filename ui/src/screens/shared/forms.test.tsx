import '@testing-library/jest-dom/vitest';
import { expect, test } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import * as v from 'valibot';
import { revalidateLogic, useForm } from '@tanstack/react-form';
import { EmailSchema } from '@brnd/contracts/domain/rules';
import { messages } from '@brnd/locales/messages';
import type { FieldErrors } from './api-error.ts';
import { useErrorText, useServerFieldErrors } from './forms.ts';

const Schema = v.object({ email: EmailSchema });

function EmailForm({ answer }: { answer?: FieldErrors }) {
  const [serverErrors, setServerErrors] = useState<FieldErrors>();
  const [sent, setSent] = useState<string>();
  const errorText = useErrorText();
  const form = useForm({
    defaultValues: { email: '' },
    validationLogic: revalidateLogic(),
    validators: { onDynamic: Schema },
    onSubmit: ({ value }) => {
      setSent(v.parse(Schema, value).email);
      setServerErrors(answer);
    },
  });
  useServerFieldErrors(form, serverErrors);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <form.Field name="email">
        {(field) => {
          const error = errorText(field.state.meta.errors);
          return (
            <>
              <label htmlFor="email">E-mail</label>
              <input
                id="email"
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
              />
              {error && <p role="alert">{error}</p>}
            </>
          );
        }}
      </form.Field>
      <button type="submit">Send</button>
      {sent && <p>Sent {sent}</p>}
    </form>
  );
}

function renderForm(answer?: FieldErrors) {
  return render(
    <IntlProvider locale="en" messages={messages.en}>
      <EmailForm answer={answer} />
    </IntlProvider>,
  );
}

test('user sees no error before the first submit, then errors follow their typing', async () => {
  const user = userEvent.setup();
  renderForm();
  await user.type(screen.getByLabelText('E-mail'), 'not-an-address');
  expect(screen.queryByRole('alert')).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Invalid e-mail address');
  expect(screen.queryByText(/^Sent/)).toBeNull();

  await user.clear(screen.getByLabelText('E-mail'));
  await user.type(screen.getByLabelText('E-mail'), ' Ann@Example.com');
  expect(screen.queryByRole('alert')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(screen.getByText('Sent ann@example.com')).toBeInTheDocument();
});

test('user sees the server’s field message until they edit the field', async () => {
  const user = userEvent.setup();
  renderForm({ email: 'errors.emailExists' });
  await user.type(screen.getByLabelText('E-mail'), 'ann@example.com');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'An account with this e-mail address already exists.',
  );

  await user.type(screen.getByLabelText('E-mail'), 'x');
  expect(screen.queryByRole('alert')).toBeNull();
});
