import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { contact } from '@brnd/contracts/api/content';
import { errorResponse, route } from '@brnd/mocks/handlers';
import { pending, respondWith, serverError } from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { anySpaces, expectNoToast, expectToast } from '../shared/story-helpers.ts';
import { ContactScreen } from './ContactScreen.tsx';
import { expectBusyButton } from '../../testing/expect-busy.ts';

const meta = {
  title: 'Screens/Contact',
  component: ContactScreen,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ContactScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Context = Parameters<NonNullable<Story['play']>>[0];

/** The error under the control with this label (input, select or textarea). */
async function expectError(context: Context, label: string, message: string) {
  const control = await context.canvas.findByLabelText(label);
  await waitFor(() => {
    expect(control).toHaveAttribute('aria-invalid', 'true');
    expect(control).toHaveAccessibleDescription(anySpaces(message));
  });
}

async function fillValid({ canvas, globals, userEvent }: Context) {
  const t = storyIntl(globals);
  const country = globals.locale === 'po' ? 'Polska' : 'Poland';
  await userEvent.selectOptions(canvas.getByLabelText(t('contact.country')), country);
  await userEvent.type(canvas.getByLabelText(t('contact.name')), 'Jan Kowalski');
  await userEvent.type(canvas.getByLabelText(t('contact.anything')), 'We want our own token.');
  await userEvent.type(canvas.getByLabelText(t('contact.email')), 'jan@sklep.pl');
  await userEvent.type(canvas.getByLabelText(t('contact.website')), 'https://sklep.pl');
}

async function send({ canvas, globals, userEvent }: Context) {
  const t = storyIntl(globals);
  await userEvent.click(canvas.getByRole('button', { name: t.exact('contact.submit') }));
}

export const Empty: Story = {
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(t('contact.title'));
    const country = canvas.getByLabelText(t('contact.country'));
    await expect(country).toHaveDisplayValue(t('contact.select'));
  },
};

/** Every message of spec section 5, each under its own field; nothing is sent. */
export const ValidationErrors: Story = {
  play: async (context) => {
    const t = storyIntl(context.globals);
    await send(context);
    await expectError(context, t('contact.country'), t('validation.contactCountry'));
    await expectError(context, t('contact.name'), t('validation.contactName'));
    await expectError(context, t('contact.anything'), t('validation.contactAnything'));
    await expectError(context, t('contact.email'), t('validation.contactEmail'));
    await expectError(context, t('contact.website'), t('validation.contactWebsite'));
    await expect(context.canvas.getByLabelText(t('contact.country'))).toHaveFocus();

    await context.userEvent.type(context.canvas.getByLabelText(t('contact.email')), 'jan@');
    await context.userEvent.type(context.canvas.getByLabelText(t('contact.website')), 'sklep');
    await expectError(context, t('contact.email'), t('validation.contactEmail'));
    await expectError(context, t('contact.website'), t('validation.contactWebsite'));
    await expectNoToast(t);
    await expect(storyRecorders(context.loaded).navigation.navigate).not.toHaveBeenCalled();
  },
};

export const Submitting: Story = {
  parameters: { msw: { handlers: [pending(contact)] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await fillValid(context);
    await send(context);
    await expectBusyButton(context.canvas, t('contact.submit'));
  },
};

export const Sent: Story = {
  parameters: { msw: { handlers: [respondWith(contact, { message: 'success' })] } },
  play: async (context) => {
    await fillValid(context);
    await send(context);
    await waitFor(() =>
      expect(storyRecorders(context.loaded).navigation.navigate).toHaveBeenCalledWith(
        '/contactsuccess',
      ),
    );
  },
};

export const RateLimited: Story = {
  parameters: {
    msw: {
      handlers: [
        route(contact, () =>
          errorResponse(429, 'errors.tooManyAttempts', {
            values: { seconds: 1800, unit: 'minute', count: 30 },
            retryAfterSeconds: 1800,
          }),
        ),
      ],
    },
  },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await fillValid(context);
    await send(context);
    const region = screen.getByRole('region', { name: t.exact('toast.region') });
    await expect(await within(region).findByRole('alert')).toHaveTextContent(t('toast.warning'));
    await expect(storyRecorders(context.loaded).navigation.navigate).not.toHaveBeenCalled();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [serverError(contact)] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await fillValid(context);
    await send(context);
    await expectToast(t, 'danger', t('errors.server'));
  },
};
