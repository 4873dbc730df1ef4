import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, waitFor } from 'storybook/test';
import { AUTH_SUCCESS, login } from '@brnd/contracts/api/accounts';
import {
  loginEmailNotVerified,
  loginNeedsPhone,
  loginThrottled,
  loginWrongCredentials,
  pending,
  serverError,
  validationError,
} from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import {
  expectFieldError,
  expectNoFieldError,
  expectNoToast,
  expectToast,
} from '../shared/story-helpers.ts';
import { LoginScreen } from './LoginScreen.tsx';
import { expectBusyButton } from '../../testing/expect-busy.ts';

const ANNA = { email: 'anna@example.com', mobile: '+48600100200', name: 'Anna Nowak' };
/** The bodies the login handler received in the running story. */
const sent: URLSearchParams[] = [];
// As the bff answers a cookie session: the token is in an HttpOnly cookie, not in the answer.
const signedIn = http.post('*/api/user/login', async ({ request }) => {
  sent.push(new URLSearchParams(await request.text()));
  return HttpResponse.json({ message: AUTH_SUCCESS, ...ANNA });
});

const meta = {
  title: 'Screens/Login/Screen',
  component: LoginScreen,
  parameters: { layout: 'fullscreen' },
  args: { search: {} },
  beforeEach: () => {
    sent.length = 0;
  },
} satisfies Meta<typeof LoginScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Context = Parameters<NonNullable<Story['play']>>[0];

async function fillAndSubmit(
  { canvas, globals, userEvent }: Context,
  email: string,
  password: string,
) {
  const t = storyIntl(globals);
  if (email) await userEvent.type(canvas.getByLabelText(t('accounts.fields.email')), email);
  if (password) {
    await userEvent.type(
      canvas.getByLabelText(t('accounts.fields.password'), { selector: 'input' }),
      password,
    );
  }
  await userEvent.click(canvas.getByRole('button', { name: t.exact('accounts.login.submit') }));
}

export const Empty: Story = {
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    const { navigation } = storyRecorders(loaded);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      t('accounts.login.title'),
    );
    await expectNoFieldError(canvas, t('accounts.fields.email'));
    await userEvent.click(
      canvas.getByRole('link', { name: t.exact('accounts.login.forgotPassword') }),
    );
    await expect(navigation.navigate).toHaveBeenLastCalledWith('/forgotpassword', undefined);
    await userEvent.click(canvas.getByRole('link', { name: t.exact('accounts.login.signUp') }));
    await expect(navigation.navigate).toHaveBeenLastCalledWith('/register', undefined);
  },
};

/** Both fields empty: each shows its message and nothing is sent. */
export const InvalidFields: Story = {
  parameters: { msw: { handlers: [signedIn] } },
  play: async (context) => {
    const { canvas, globals, userEvent, loaded } = context;
    const t = storyIntl(globals);
    await fillAndSubmit(context, '', '');
    await expectFieldError(canvas, t('accounts.fields.email'), t('validation.email'));
    await expectFieldError(canvas, t('accounts.fields.password'), t('validation.loginPassword'));
    // Keyboard users land on the first field to fix.
    await waitFor(() => expect(canvas.getByLabelText(t('accounts.fields.email'))).toHaveFocus());

    await userEvent.type(canvas.getByLabelText(t('accounts.fields.email')), 'anna@example');
    await userEvent.click(canvas.getByRole('button', { name: t.exact('accounts.login.submit') }));
    await expectFieldError(canvas, t('accounts.fields.email'), t('validation.email'));
    await expect(storyRecorders(loaded).session.signIn).not.toHaveBeenCalled();
    await expectNoToast(t);
  },
};

export const Submitting: Story = {
  parameters: { msw: { handlers: [pending(login)] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await fillAndSubmit(context, ANNA.email, 'Secret123!');
    await expectBusyButton(context.canvas, t('accounts.login.submit'));
  },
};

export const Success: Story = {
  parameters: { msw: { handlers: [signedIn] } },
  play: async (context) => {
    const { navigation, session } = storyRecorders(context.loaded);
    await fillAndSubmit(context, ' Anna@Example.com ', 'Secret123!');
    await waitFor(() =>
      expect(navigation.navigate).toHaveBeenCalledWith('/user/dashboard', undefined),
    );
    // The page asks for a cookie session and keeps only who is signed in, never a token.
    await expect(sent[0]?.get('session')).toBe('cookie');
    await expect(session.signIn).toHaveBeenCalledWith(ANNA);
  },
};

/** Came from the token sale with an amount: back to the buy page with it. */
export const SuccessBackToBuyTokens: Story = {
  args: { search: { buytoken: '', btc_brands: '500' } },
  parameters: { msw: { handlers: [signedIn] } },
  play: async (context) => {
    const { navigation } = storyRecorders(context.loaded);
    await fillAndSubmit(context, ANNA.email, 'Secret123!');
    await waitFor(() =>
      expect(navigation.navigate).toHaveBeenCalledWith('/user/buytoken', {
        search: { btc_brands: '500' },
      }),
    );
  },
};

/** Came from voting: back to the voting page. */
export const SuccessBackToVoting: Story = {
  args: { search: { voting: '' } },
  parameters: { msw: { handlers: [signedIn] } },
  play: async (context) => {
    const { navigation } = storyRecorders(context.loaded);
    await fillAndSubmit(context, ANNA.email, 'Secret123!');
    await waitFor(() => expect(navigation.navigate).toHaveBeenCalledWith('/voting', undefined));
  },
};

/** Opened while signed in: no form, straight on to where a login would have gone. */
export const AlreadySignedIn: Story = {
  args: { search: { voting: '' } },
  parameters: { session: 'demo' },
  play: async ({ canvas, globals, loaded }) => {
    const t = storyIntl(globals);
    const { navigation } = storyRecorders(loaded);
    await waitFor(() =>
      expect(navigation.navigate).toHaveBeenCalledWith('/voting', { replace: true }),
    );
    await expect(canvas.queryByLabelText(t('accounts.fields.email'))).toBeNull();
  },
};

/** The phone is not verified yet: no session, on to the phone page with the answer's code. */
export const NeedsPhone: Story = {
  parameters: { msw: { handlers: [loginNeedsPhone()] } },
  play: async (context) => {
    const { navigation, session } = storyRecorders(context.loaded);
    await fillAndSubmit(context, 'phone@brnd.example', 'Secret123!');
    await waitFor(() =>
      expect(navigation.navigate).toHaveBeenCalledWith('/editPhone', {
        search: { edit: '', code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
      }),
    );
    await expect(session.signIn).not.toHaveBeenCalled();
  },
};

export const WrongCredentials: Story = {
  parameters: { msw: { handlers: [loginWrongCredentials()] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await fillAndSubmit(context, ANNA.email, 'wrong');
    await expectToast(t, 'danger', t('errors.invalidCredentials'));
    await expect(storyRecorders(context.loaded).navigation.navigate).not.toHaveBeenCalled();
  },
};

export const EmailNotVerified: Story = {
  parameters: { msw: { handlers: [loginEmailNotVerified()] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await fillAndSubmit(context, ANNA.email, 'Secret123!');
    await expectToast(t, 'danger', t('errors.emailNotVerified'));
  },
};

/** Too many failed attempts: the toast says how long to wait. */
export const Throttled: Story = {
  parameters: { msw: { handlers: [loginThrottled(90)] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await fillAndSubmit(context, ANNA.email, 'Secret123!');
    await expectToast(t, 'danger', t('errors.tooManyAttempts', { unit: 'second', count: 90 }));
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [serverError(login)] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await fillAndSubmit(context, ANNA.email, 'Secret123!');
    await expectToast(t, 'danger', t('errors.server'));
  },
};

/** The server's 400 names a field: its message shows under that field. */
export const ServerFieldError: Story = {
  parameters: { msw: { handlers: [validationError(login, { email: 'validation.email' })] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await fillAndSubmit(context, ANNA.email, 'Secret123!');
    await expectFieldError(context.canvas, t('accounts.fields.email'), t('validation.email'));
  },
};
