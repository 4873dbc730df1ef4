import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, waitFor } from 'storybook/test';
import { checkResetCode, resetPassword } from '@brnd/contracts/api/accounts';
import {
  declaredError,
  pending,
  respondWith,
  serverError,
  validationError,
} from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { expectFieldError, expectNoToast, expectToast } from '../shared/story-helpers.ts';
import { ResetPasswordScreen } from './ResetPasswordScreen.tsx';
import { expectBusyButton } from '../../testing/expect-busy.ts';

const CODE = 'Zr4Lq9Xw2Vb7Nc1Mk8Jh3Gf6Ds5Ap0Oi9Uy2Tr7Ee4W';

/** The bodies the reset endpoint received in the running story. */
const sent: Record<string, string>[] = [];
const changed = http.post('*/api/user/resetpassword', async ({ request }) => {
  sent.push(Object.fromEntries(new URLSearchParams(await request.text())));
  return HttpResponse.json({ message: 'success' });
});

/** The link is alive, as the page asks on load; a story's `answer` handlers come on top. */
const linkLive = respondWith(checkResetCode, { message: 'success' });
const linkDead = declaredError(checkResetCode, 'linkInvalid');

const meta = {
  title: 'Screens/ResetPassword/Screen',
  component: ResetPasswordScreen,
  parameters: { layout: 'fullscreen', msw: { handlers: { link: [linkLive] } } },
  args: { code: CODE },
  beforeEach: () => {
    sent.length = 0;
  },
} satisfies Meta<typeof ResetPasswordScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Context = Parameters<NonNullable<Story['play']>>[0];

async function choose({ canvas, globals, userEvent }: Context, password: string, confirm: string) {
  const t = storyIntl(globals);
  const field = (id: string) => canvas.getByLabelText(t(id), { selector: 'input' });
  if (password) await userEvent.type(field('accounts.fields.newPassword'), password);
  if (confirm) await userEvent.type(field('accounts.fields.confirmPassword'), confirm);
  await userEvent.click(
    canvas.getByRole('button', { name: t.exact('accounts.resetPassword.submit') }),
  );
}

export const Empty: Story = {
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      t('accounts.resetPassword.title'),
    );
  },
};

/** A weak password, then a confirmation that differs: each has its message. */
export const InvalidFields: Story = {
  parameters: { msw: { handlers: { answer: [changed] } } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await choose(context, 'secret', '');
    await expectFieldError(
      context.canvas,
      t('accounts.fields.newPassword'),
      t('validation.password'),
    );
    await expectFieldError(
      context.canvas,
      t('accounts.fields.confirmPassword'),
      t('validation.passwordMismatch'),
    );
    await context.userEvent.type(
      context.canvas.getByLabelText(t('accounts.fields.newPassword'), { selector: 'input' }),
      'Ab1!',
    );
    await context.userEvent.type(
      context.canvas.getByLabelText(t('accounts.fields.confirmPassword'), { selector: 'input' }),
      'secretAb1?',
    );
    await expectFieldError(
      context.canvas,
      t('accounts.fields.confirmPassword'),
      t('validation.passwordMismatch'),
    );
    await expect(sent).toHaveLength(0);
    await expectNoToast(t);
  },
};

export const Submitting: Story = {
  parameters: { msw: { handlers: { answer: [pending(resetPassword)] } } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await choose(context, 'NewSecret1!', 'NewSecret1!');
    await expectBusyButton(context.canvas, t('accounts.resetPassword.submit'));
  },
};

export const Changed: Story = {
  parameters: { msw: { handlers: { answer: [changed] } } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await choose(context, 'NewSecret1!', 'NewSecret1!');
    await expectToast(t, 'success', t('accounts.resetPassword.success'));
    await waitFor(() =>
      expect(storyRecorders(context.loaded).navigation.navigate).toHaveBeenCalledWith('/login'),
    );
    await expect(sent).toEqual([{ password: 'NewSecret1!', code: CODE }]);
  },
};

/** The link dies between load and submit (used in another tab): the form gives way to a new-link offer. */
export const LinkInvalid: Story = {
  parameters: {
    msw: {
      handlers: { answer: [declaredError(resetPassword, 'linkInvalid')] },
    },
  },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await choose(context, 'NewSecret1!', 'NewSecret1!');
    await expect(await context.canvas.findByRole('alert')).toHaveTextContent(
      t('errors.linkInvalid'),
    );
    await context.userEvent.click(
      context.canvas.getByRole('link', { name: t.exact('accounts.resetPassword.requestNew') }),
    );
    await expect(storyRecorders(context.loaded).navigation.navigate).toHaveBeenCalledWith(
      '/forgotpassword',
      undefined,
    );
  },
};

/** A used or expired link is said on load, before anyone chooses a password. */
export const LinkUsedOnLoad: Story = {
  parameters: { msw: { handlers: { link: [linkDead] } } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('errors.linkInvalid'));
    await expect(canvas.queryByLabelText(t('accounts.fields.newPassword'))).toBeNull();
    await expect(
      canvas.getByRole('link', { name: t.exact('accounts.resetPassword.requestNew') }),
    ).toBeVisible();
  },
};

/** The server's password rule refused it: the message sits under the field. */
export const ServerFieldError: Story = {
  parameters: {
    msw: {
      handlers: { answer: [validationError(resetPassword, { password: 'validation.password' })] },
    },
  },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await choose(context, 'NewSecret1!', 'NewSecret1!');
    await expectFieldError(
      context.canvas,
      t('accounts.fields.newPassword'),
      t('validation.password'),
    );
    await expect(context.canvas.queryByText(t('errors.linkInvalid'))).toBeNull();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { answer: [serverError(resetPassword)] } } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await choose(context, 'NewSecret1!', 'NewSecret1!');
    await expectToast(t, 'danger', t('errors.server'));
  },
};
