import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, waitFor } from 'storybook/test';
import { confirmMobile, resendCode } from '@brnd/contracts/api/accounts';
import {
  confirmMobileCodeExpired,
  confirmMobilePhoneTaken,
  confirmMobileWrongCode,
  pending,
  resendCooldown,
  resendLimited,
  respondWith,
  serverError,
} from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { LOCAL_MOBILE } from '../shared/storage.ts';
import { expectNoToast, expectToast } from '../shared/story-helpers.ts';
import { PhoneVerifyScreen } from './PhoneVerifyScreen.tsx';
import { expectBusyButton } from '../../testing/expect-busy.ts';

const CODE = 'q8Vh3Xk2mP9sT4wZ7bN1cR6yL0aE5dF8gJ2hK4nM7pQ';

/** The bodies the phone endpoints received in the running story. */
const sent: { path: string; body: Record<string, string> }[] = [];
function recording(path: string, answer: Record<string, string> = { message: 'success' }) {
  return http.post(`*${path}`, async ({ request }) => {
    sent.push({ path, body: Object.fromEntries(new URLSearchParams(await request.text())) });
    return HttpResponse.json(answer);
  });
}
const verified = recording('/api/user/confirm_mobile', {
  message: 'success',
  referral_code: 'ANNA7F3K',
});
const resent = recording('/api/user/code_resend');

const meta = {
  title: 'Screens/PhoneVerify/Screen',
  component: PhoneVerifyScreen,
  parameters: { layout: 'fullscreen' },
  args: { code: CODE },
  beforeEach: () => {
    sent.length = 0;
    localStorage.removeItem(LOCAL_MOBILE);
  },
} satisfies Meta<typeof PhoneVerifyScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Context = Parameters<NonNullable<Story['play']>>[0];

function boxes({ canvas, globals }: Context) {
  const t = storyIntl(globals);
  return [1, 2, 3, 4].map((index) =>
    canvas.getByRole('textbox', { name: t.exact('common.digitLabel', { index, count: 4 }) }),
  );
}

async function typeCode(context: Context, digits: string) {
  await context.userEvent.click(boxes(context)[0]!);
  await context.userEvent.keyboard(digits);
}

async function submit({ canvas, globals, userEvent }: Context) {
  await userEvent.click(
    canvas.getByRole('button', { name: storyIntl(globals)('accounts.phoneVerify.submit') }),
  );
}

export const Empty: Story = {
  play: async (context) => {
    const t = storyIntl(context.globals);
    await expect(boxes(context)).toHaveLength(4);
    await expect(
      context.canvas.getByRole('link', { name: t.exact('accounts.phoneVerify.editNumber') }),
    ).toHaveAttribute('href', `/editPhone?edit=&code=${CODE}`);
    await context.userEvent.click(
      context.canvas.getByRole('link', { name: t.exact('accounts.phoneVerify.editNumber') }),
    );
    await expect(storyRecorders(context.loaded).navigation.navigate).toHaveBeenCalledWith(
      '/editPhone',
      { search: { edit: '', code: CODE } },
    );
  },
};

/** Two boxes left empty: each of them says 'Invalid', and nothing is sent. */
export const EmptyBoxes: Story = {
  parameters: { msw: { handlers: [verified] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await typeCode(context, '12');
    await submit(context);
    const [first, second, third, fourth] = boxes(context);
    await expect(first).not.toHaveAttribute('aria-invalid');
    await expect(second).not.toHaveAttribute('aria-invalid');
    await expect(third).toHaveAttribute('aria-invalid', 'true');
    await expect(third).toHaveAccessibleDescription(t.exact('validation.code'));
    await expect(fourth).toHaveAccessibleDescription(t.exact('validation.code'));
    await expect(sent).toHaveLength(0);
    await expectNoToast(t);
  },
};

export const Submitting: Story = {
  parameters: { msw: { handlers: [pending(confirmMobile)] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await typeCode(context, '1234');
    await submit(context);
    await expectBusyButton(context.canvas, t('accounts.phoneVerify.submit'));
  },
};

export const Verified: Story = {
  parameters: { msw: { handlers: [verified] } },
  play: async (context) => {
    const { navigation } = storyRecorders(context.loaded);
    await typeCode(context, '4821');
    await submit(context);
    // Confirmed: the registration success page shows the account's referral link.
    await waitFor(() =>
      expect(navigation.navigate).toHaveBeenCalledWith('/success', {
        search: { indivi_code: 'ANNA7F3K' },
      }),
    );
    await expect(sent).toEqual([
      {
        path: '/api/user/confirm_mobile',
        body: { mobile_verification_code: '4821', verification_code: CODE },
      },
    ]);
  },
};

export const WrongCode: Story = {
  parameters: { msw: { handlers: [confirmMobileWrongCode()] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await typeCode(context, '0000');
    await submit(context);
    await expectToast(t, 'danger', t('errors.verificationFailed'));
    await expect(storyRecorders(context.loaded).navigation.navigate).not.toHaveBeenCalled();
  },
};

/** Too old or five wrong tries: the page says so, and a resent code clears it. */
export const CodeExpired: Story = {
  parameters: { msw: { handlers: [confirmMobileCodeExpired(), resent] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await typeCode(context, '1234');
    await submit(context);
    const notice = await context.canvas.findByText(t('errors.codeExpired'));
    await expect(notice).toBeVisible();
    await context.userEvent.click(
      context.canvas.getByRole('button', { name: t.exact('accounts.phoneVerify.resend') }),
    );
    await expectToast(t, 'success', t('accounts.phoneVerify.resent'));
    await expect(context.canvas.queryByText(t('errors.codeExpired'))).toBeNull();
  },
};

/** Resend sends the number kept from the phone page, as the original client did. */
export const Resent: Story = {
  parameters: { msw: { handlers: [resent] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    localStorage.setItem(LOCAL_MOBILE, '+48600100200');
    await context.userEvent.click(
      context.canvas.getByRole('button', { name: t.exact('accounts.phoneVerify.resend') }),
    );
    await expectToast(t, 'success', t('accounts.phoneVerify.resent'));
    await expect(sent).toEqual([
      {
        path: '/api/user/code_resend',
        body: { verification_code: CODE, mobile: '+48600100200' },
      },
    ]);
  },
};

export const ResendLimited: Story = {
  parameters: { msw: { handlers: [resendLimited()] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await context.userEvent.click(
      context.canvas.getByRole('button', { name: t.exact('accounts.phoneVerify.resend') }),
    );
    await expectToast(t, 'danger', t('errors.resendLimit'));
  },
};

/** Inside the server's resend cooldown: a timer counts down and Resend waits for it. */
export const ResendCooldown: Story = {
  parameters: { msw: { handlers: [resendCooldown(42)] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    const button = context.canvas.getByRole('button', {
      name: t.exact('accounts.phoneVerify.resend'),
    });
    await context.userEvent.click(button);
    const timer = await context.canvas.findByRole('timer');
    // 42 s from the answer, shown by a clock that ticks once a second.
    await expect(timer).toHaveTextContent(/00:4[0-3]/);
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(timer.textContent ?? '');
    await expectNoToast(t);
  },
};

/** A code just sent starts the same countdown before the next one can be asked for. */
export const ResentCountsDown: Story = {
  parameters: { msw: { handlers: [resent] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    const button = context.canvas.getByRole('button', {
      name: t.exact('accounts.phoneVerify.resend'),
    });
    await context.userEvent.click(button);
    await expectToast(t, 'success', t('accounts.phoneVerify.resent'));
    await expect(await context.canvas.findByRole('timer')).toHaveTextContent(/0[01]:[0-5][0-9]/);
    await expect(button).toBeDisabled();
  },
};

/** The number is verified on another account: the page says so without saying whose. */
export const PhoneTaken: Story = {
  parameters: { msw: { handlers: [confirmMobilePhoneTaken()] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await typeCode(context, '4821');
    await submit(context);
    await expect(await context.canvas.findByText(t('errors.phoneTaken'))).toBeVisible();
    await expect(storyRecorders(context.loaded).navigation.navigate).not.toHaveBeenCalled();
    await expect(
      context.canvas.getByRole('link', { name: t.exact('accounts.phoneVerify.editNumber') }),
    ).toBeVisible();
    await expectNoToast(t);
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [serverError(confirmMobile), serverError(resendCode)] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await typeCode(context, '1234');
    await submit(context);
    await expectToast(t, 'danger', t('errors.server'));
  },
};

/** Opened without a code at all. */
export const MissingCode: Story = {
  args: { code: undefined },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('errors.linkInvalid'));
  },
};

/** A non-'success' answer to Resend is shown as it came. */
export const ResendRefused: Story = {
  parameters: {
    msw: { handlers: [respondWith(resendCode, { message: 'SMS gateway unavailable.' })] },
  },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await context.userEvent.click(
      context.canvas.getByRole('button', { name: t.exact('accounts.phoneVerify.resend') }),
    );
    await expectToast(t, 'danger', 'SMS gateway unavailable.');
  },
};
