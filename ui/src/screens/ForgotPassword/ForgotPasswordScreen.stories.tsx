import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { forgotPassword } from '@brnd/contracts/api/accounts';
import { pending, respondWith, serverError } from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { SESSION_RESET_REQUEST } from '../shared/storage.ts';
import { expectFieldError, expectNoToast, expectToast } from '../shared/story-helpers.ts';
import { ForgotPasswordScreen } from './ForgotPasswordScreen.tsx';
import { expectBusyButton } from '../../testing/expect-busy.ts';

const accepted = respondWith(forgotPassword, { message: 'success' });

const meta = {
  title: 'Screens/ForgotPassword/Screen',
  component: ForgotPasswordScreen,
  parameters: { layout: 'fullscreen' },
  beforeEach: () => sessionStorage.removeItem(SESSION_RESET_REQUEST),
} satisfies Meta<typeof ForgotPasswordScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Context = Parameters<NonNullable<Story['play']>>[0];

async function request({ canvas, globals, userEvent }: Context, email: string) {
  const t = storyIntl(globals);
  if (email) await userEvent.type(canvas.getByLabelText(t('accounts.fields.email')), email);
  await userEvent.click(
    canvas.getByRole('button', { name: t.exact('accounts.forgotPassword.submit') }),
  );
}

export const Empty: Story = {
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      t('accounts.forgotPassword.title'),
    );
    await userEvent.click(
      canvas.getByRole('link', { name: t.exact('accounts.common.backToLogin') }),
    );
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
      '/login',
      undefined,
    );
  },
};

export const InvalidEmail: Story = {
  parameters: { msw: { handlers: [accepted] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await request(context, '');
    await expectFieldError(context.canvas, t('accounts.fields.email'), t('validation.email'));
    await request(context, 'anna@');
    await expectFieldError(context.canvas, t('accounts.fields.email'), t('validation.email'));
    await expect(sessionStorage.getItem(SESSION_RESET_REQUEST)).toBeNull();
    await expectNoToast(t);
  },
};

export const Submitting: Story = {
  parameters: { msw: { handlers: [pending(forgotPassword)] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await request(context, 'anna@example.com');
    await expectBusyButton(context.canvas, t('accounts.forgotPassword.submit'));
  },
};

/** Sent: the toast, the inline confirmation and the session flag. */
export const Sent: Story = {
  parameters: { msw: { handlers: [accepted] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await request(context, 'Anna@Example.com');
    await expectToast(t, 'success', t('accounts.forgotPassword.success'));
    // The form gives way to the confirmation naming the (normalised) address.
    await expect(await context.canvas.findByText('anna@example.com')).toBeVisible();
    await expect(
      context.canvas.queryByRole('button', { name: t.exact('accounts.forgotPassword.submit') }),
    ).toBeNull();
    await expect(sessionStorage.getItem(SESSION_RESET_REQUEST)).toBe('true');
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [serverError(forgotPassword)] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await request(context, 'anna@example.com');
    await expectToast(t, 'danger', t('accounts.forgotPassword.failed'));
    await expect(sessionStorage.getItem(SESSION_RESET_REQUEST)).toBeNull();
  },
};
