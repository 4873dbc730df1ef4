import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, waitFor } from 'storybook/test';
import { confirmEmail } from '@brnd/contracts/api/accounts';
import { confirmEmailFailed, pending, respondWith } from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { VerifyEmailScreen } from './VerifyEmailScreen.tsx';

const CODE = 'q8Vh3Xk2mP9sT4wZ7bN1cR6yL0aE5dF8gJ2hK4nM7pQ';

const meta = {
  title: 'Screens/VerifyEmail',
  component: VerifyEmailScreen,
  args: { code: CODE },
} satisfies Meta<typeof VerifyEmailScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Confirming: Story = {
  parameters: { msw: { handlers: [pending(confirmEmail)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('status')).toHaveTextContent(t('accounts.verifyEmail.pending'));
  },
};

/** The link worked: on to the phone page, which the same code authorises. */
export const Confirmed: Story = {
  parameters: { msw: { handlers: [respondWith(confirmEmail, { message: 'success' })] } },
  play: async ({ loaded }) => {
    const { navigation } = storyRecorders(loaded);
    await waitFor(() =>
      expect(navigation.navigate).toHaveBeenCalledWith('/editPhone', {
        search: { edit: '', code: CODE },
        replace: true,
      }),
    );
    await expect(navigation.navigate).toHaveBeenCalledOnce();
  },
};

/** Unknown, used or expired: a clear message and the way to sign in. */
export const LinkInvalid: Story = {
  parameters: { msw: { handlers: [confirmEmailFailed()] } },
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('errors.linkInvalid'));
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      t('accounts.verifyEmail.failedTitle'),
    );
    await userEvent.click(canvas.getByRole('link', { name: t.exact('accounts.common.toLogin') }));
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
      '/login',
      undefined,
    );
  },
};

let attempts = 0;
/** The server fails once, then confirms: "Try again" recovers without a new link. */
const failsOnce = http.post('*/api/user/confirm', () => {
  attempts += 1;
  return attempts === 1
    ? HttpResponse.json(
        { message: 'Something went wrong', messageId: 'errors.server' },
        { status: 500 },
      )
    : HttpResponse.json({ message: 'success' });
});

export const ServerError: Story = {
  beforeEach: () => {
    attempts = 0;
  },
  parameters: { msw: { handlers: [failsOnce] } },
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('errors.server'));
    await userEvent.click(
      canvas.getByRole('button', { name: t.exact('accounts.common.tryAgain') }),
    );
    await waitFor(() =>
      expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith('/editPhone', {
        search: { edit: '', code: CODE },
        replace: true,
      }),
    );
  },
};
