import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, waitFor } from 'storybook/test';
import { signup } from '@brnd/contracts/api/accounts';
import { waitDuration } from '@brnd/contracts/domain/durations';
import { pending, serverError, signupThrottled, validationError } from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { LOCAL_EMAIL, LOCAL_REFERRAL } from '../shared/storage.ts';
import { expectFieldError, expectNoToast, expectToast } from '../shared/story-helpers.ts';
import { RegisterScreen } from './RegisterScreen.tsx';
import { expectBusyButton } from '../../testing/expect-busy.ts';

/** The bodies the sign-up handler received in the running story. */
const sent: URLSearchParams[] = [];
const signedUp = http.post('*/api/user/signup', async ({ request }) => {
  sent.push(new URLSearchParams(await request.text()));
  return HttpResponse.json({ message: 'success' }, { status: 201 });
});

const meta = {
  title: 'Screens/Register/Screen',
  component: RegisterScreen,
  parameters: { layout: 'fullscreen' },
  beforeEach: () => {
    sent.length = 0;
    localStorage.removeItem(LOCAL_EMAIL);
    localStorage.removeItem(LOCAL_REFERRAL);
  },
} satisfies Meta<typeof RegisterScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Context = Parameters<NonNullable<Story['play']>>[0];

async function fillForm({ canvas, globals, userEvent }: Context, email = 'Anna@Example.com') {
  const t = storyIntl(globals);
  await userEvent.type(canvas.getByLabelText(t('accounts.fields.fullName')), 'Anna Nowak');
  await userEvent.type(
    canvas.getByLabelText(t('accounts.fields.mobile'), { selector: 'input' }),
    '600 100 200',
  );
  await userEvent.type(canvas.getByLabelText(t('accounts.fields.email')), email);
  await userEvent.type(
    canvas.getByLabelText(t('accounts.fields.password'), { selector: 'input' }),
    'Secret123!',
  );
  await userEvent.click(canvas.getByRole('checkbox'));
}

async function submit({ canvas, globals, userEvent }: Context) {
  const t = storyIntl(globals);
  await userEvent.click(canvas.getByRole('button', { name: t.exact('accounts.register.submit') }));
}

export const Empty: Story = {
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    const { navigation } = storyRecorders(loaded);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      t('accounts.register.title'),
    );
    // The side panel: benefits for users and for brands.
    await expect(
      canvas.getByRole('heading', { name: t.exact('accounts.benefits.usersTitle') }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('heading', { name: t.exact('accounts.benefits.brandsTitle') }),
    ).toBeVisible();
    const links = canvas.getAllByRole('link');
    await userEvent.click(links.find((link) => link.getAttribute('href') === '/terms-of-service')!);
    await expect(navigation.navigate).toHaveBeenLastCalledWith('/terms-of-service', undefined);
    await userEvent.click(links.find((link) => link.getAttribute('href') === '/privacypolicy')!);
    await expect(navigation.navigate).toHaveBeenLastCalledWith('/privacypolicy', undefined);
    await userEvent.click(canvas.getByRole('link', { name: t.exact('accounts.login.submit') }));
    await expect(navigation.navigate).toHaveBeenLastCalledWith('/login', undefined);
  },
};

/** Every rule at once: each field shows its own message and nothing is sent. */
export const InvalidFields: Story = {
  parameters: { msw: { handlers: [signedUp] } },
  play: async (context) => {
    const { canvas, globals, userEvent } = context;
    const t = storyIntl(globals);
    await submit(context);
    await expectFieldError(canvas, t('accounts.fields.fullName'), t('validation.fullName'));
    await expectFieldError(canvas, t('accounts.fields.mobile'), t('validation.phone'));
    await expectFieldError(canvas, t('accounts.fields.email'), t('validation.email'));
    await expectFieldError(canvas, t('accounts.fields.password'), t('validation.password'));
    const terms = canvas.getByRole('checkbox');
    await expect(terms).toHaveAttribute('aria-invalid', 'true');
    await expect(terms).toHaveAccessibleDescription(t.exact('validation.terms'));

    // A number too short and a password without a special character stay refused.
    await userEvent.type(
      canvas.getByLabelText(t('accounts.fields.mobile'), { selector: 'input' }),
      '123',
    );
    await userEvent.type(
      canvas.getByLabelText(t('accounts.fields.password'), { selector: 'input' }),
      'Secret123',
    );
    await submit(context);
    await expectFieldError(canvas, t('accounts.fields.mobile'), t('validation.phone'));
    await expectFieldError(canvas, t('accounts.fields.password'), t('validation.password'));
    await expect(sent).toHaveLength(0);
    await expectNoToast(t);
  },
};

export const Submitting: Story = {
  parameters: { msw: { handlers: [pending(signup)] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await fillForm(context);
    await submit(context);
    await expectBusyButton(context.canvas, t('accounts.register.submit'));
  },
};

/** Opened from a referral link (/register?code=…): the code goes with the sign-up. */
export const Success: Story = {
  args: { referralCode: 'friend-42' },
  parameters: { msw: { handlers: [signedUp] } },
  play: async (context) => {
    const { navigation } = storyRecorders(context.loaded);
    localStorage.setItem(LOCAL_REFERRAL, 'older-code');
    // The visitor is told the invitation was kept.
    await expect(
      context.canvas.getByText(storyIntl(context.globals)('accounts.register.invited')),
    ).toBeVisible();
    await fillForm(context);
    await submit(context);
    await waitFor(() => expect(navigation.navigate).toHaveBeenCalledWith('/confirmemail'));
    await expect(Object.fromEntries(sent[0]!)).toEqual({
      name: 'Anna Nowak',
      mobile: '+48600100200',
      email: 'anna@example.com',
      password: 'Secret123!',
      referral_code: 'friend-42',
    });
    await expect(localStorage.getItem(LOCAL_EMAIL)).toBe('anna@example.com');
    await expect(localStorage.getItem(LOCAL_REFERRAL)).toBeNull();
  },
};

/** A code remembered from an earlier /ref/ visit is used when the address has none. */
export const SuccessWithStoredReferral: Story = {
  parameters: { msw: { handlers: [signedUp] } },
  play: async (context) => {
    const { navigation } = storyRecorders(context.loaded);
    localStorage.setItem(LOCAL_REFERRAL, 'vote-7f3k');
    await fillForm(context);
    await submit(context);
    await waitFor(() => expect(navigation.navigate).toHaveBeenCalledWith('/confirmemail'));
    await expect(sent[0]?.get('referral_code')).toBe('vote-7f3k');
  },
};

/** Too many sign-ups from this address or for this e-mail: the wait is shown, nothing moves. */
export const Throttled: Story = {
  parameters: { msw: { handlers: [signupThrottled(120)] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await fillForm(context);
    await submit(context);
    await expectToast(t, 'danger', t('errors.tooManyAttempts', { ...waitDuration(120) }));
    await expect(storyRecorders(context.loaded).navigation.navigate).not.toHaveBeenCalled();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [serverError(signup)] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await fillForm(context);
    await submit(context);
    await expectToast(t, 'danger', t('errors.server'));
  },
};

/** The server refused one field: its message shows under it. */
export const ServerFieldError: Story = {
  parameters: { msw: { handlers: [validationError(signup, { mobile: 'validation.phone' })] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await fillForm(context);
    await submit(context);
    await expectFieldError(context.canvas, t('accounts.fields.mobile'), t('validation.phone'));
  },
};

/** From a mail about tokens waiting for this address: the address is filled in. */
export const FromTokensMail: Story = {
  args: { email: 'fan@example.com' },
  parameters: { msw: { handlers: [signedUp] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    const { canvas, userEvent } = context;
    await expect(canvas.getByLabelText(t('accounts.fields.email'))).toHaveValue('fan@example.com');
    await userEvent.type(canvas.getByLabelText(t('accounts.fields.fullName')), 'Anna Nowak');
    await userEvent.type(
      canvas.getByLabelText(t('accounts.fields.mobile'), { selector: 'input' }),
      '600 100 200',
    );
    await userEvent.type(
      canvas.getByLabelText(t('accounts.fields.password'), { selector: 'input' }),
      'Secret123!',
    );
    await userEvent.click(canvas.getByRole('checkbox'));
    await submit(context);
    await waitFor(() => expect(sent[0]?.get('email')).toBe('fan@example.com'));
  },
};
