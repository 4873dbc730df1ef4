import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';
import { changePassword, profile, updateProfile } from '@brnd/contracts/api/accounts';
import {
  changePasswordWrongCurrent,
  pending,
  respondWith,
  serverError,
} from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { expectFieldError, expectNoToast, expectToast } from '../shared/story-helpers.ts';
import { ProfileScreen } from './ProfileScreen.tsx';
import { expectBusyButton } from '../../testing/expect-busy.ts';

const USER = {
  name: 'Anna Nowak',
  email: 'anna@example.com',
  mobile: '+48600100200',
  address: 'ul. Długa 5, 80-831 Gdańsk',
  language: 'en' as const,
};
const loaded = respondWith(profile, { user: USER });

/** How often the profile was asked for in the running story. */
let profileRequests = 0;
const countedProfile = http.get('*/api/user/profile', () => {
  profileRequests += 1;
  return HttpResponse.json({ user: USER });
});

/** The bodies the profile endpoints received in the running story. */
const sent: { path: string; body: Record<string, string> }[] = [];
const saved = http.post('*/api/user/updateprofile', async ({ request }) => {
  const body = Object.fromEntries(new URLSearchParams(await request.text()));
  sent.push({ path: '/api/user/updateprofile', body });
  return HttpResponse.json({
    message: 'success',
    user: { ...USER, name: body.name, address: body.address },
  });
});
const passwordChanged = http.post('*/api/user/changepassword', async ({ request }) => {
  const body = Object.fromEntries(new URLSearchParams(await request.text()));
  sent.push({ path: '/api/user/changepassword', body });
  return HttpResponse.json({ message: 'success' });
});

const meta = {
  title: 'Screens/Profile/Screen',
  component: ProfileScreen,
  parameters: { session: { token: 'session-token', ...USER } },
  beforeEach: () => {
    sent.length = 0;
    profileRequests = 0;
  },
} satisfies Meta<typeof ProfileScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Context = Parameters<NonNullable<Story['play']>>[0];

function input({ canvas, globals }: Context, labelId: string) {
  return canvas.findByLabelText(storyIntl(globals)(labelId), { selector: 'input' });
}

async function openPasswordTab(context: Context) {
  const t = storyIntl(context.globals);
  await context.userEvent.click(
    await context.canvas.findByRole('tab', { name: t.exact('profile.tabs.password') }),
  );
}

async function fillPasswords(context: Context, current: string, next: string, confirm: string) {
  const type = async (labelId: string, text: string) => {
    if (text) await context.userEvent.type(await input(context, labelId), text);
  };
  await type('profile.password.current', current);
  await type('accounts.fields.newPassword', next);
  await type('accounts.fields.confirmPassword', confirm);
  await context.userEvent.click(
    context.canvas.getByRole('button', {
      name: storyIntl(context.globals)('profile.password.submit'),
    }),
  );
}

async function confirmInDialog(context: Context) {
  const t = storyIntl(context.globals);
  const dialog = await screen.findByRole('dialog', {
    name: t.exact('profile.password.confirmTitle'),
  });
  await expect(dialog).toHaveAccessibleDescription(t.exact('profile.password.confirmText'));
  await context.userEvent.click(
    within(dialog).getByRole('button', { name: t.exact('profile.password.confirm') }),
  );
}

export const Loading: Story = {
  parameters: { msw: { handlers: [pending(profile)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('status')).toHaveTextContent(t('profile.loading'));
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [serverError(profile)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(t('profile.loadFailed'));
    await expect(alert).toHaveTextContent(t('errors.server'));
    await expect(
      canvas.getByRole('button', { name: t.exact('accounts.common.tryAgain') }),
    ).toBeVisible();
  },
};

/** Personal data: e-mail and mobile are shown but cannot be edited. */
export const PersonalData: Story = {
  parameters: { msw: { handlers: [loaded] } },
  play: async (context) => {
    await expect(await input(context, 'accounts.fields.fullName')).toHaveValue(USER.name);
    await expect(await input(context, 'profile.personal.address')).toHaveValue(USER.address);
    const email = await input(context, 'accounts.fields.email');
    await expect(email).toHaveValue(USER.email);
    await expect(email).toHaveAttribute('readonly');
    await expect(await input(context, 'accounts.fields.mobile')).toHaveAttribute('readonly');
  },
};

export const PersonalDataInvalid: Story = {
  parameters: { msw: { handlers: [loaded, saved] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await context.userEvent.clear(await input(context, 'accounts.fields.fullName'));
    await context.userEvent.clear(await input(context, 'profile.personal.address'));
    await context.userEvent.click(
      context.canvas.getByRole('button', { name: t.exact('profile.personal.submit') }),
    );
    await expectFieldError(context.canvas, t('accounts.fields.fullName'), t('validation.fullName'));
    await expectFieldError(context.canvas, t('profile.personal.address'), t('validation.address'));
    await expect(sent).toHaveLength(0);
    await expectNoToast(t);
  },
};

export const PersonalDataSaving: Story = {
  parameters: { msw: { handlers: [loaded, pending(updateProfile)] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await input(context, 'accounts.fields.fullName');
    await context.userEvent.click(
      context.canvas.getByRole('button', { name: t.exact('profile.personal.submit') }),
    );
    await expectBusyButton(context.canvas, t('profile.personal.submit'));
  },
};

export const PersonalDataSaved: Story = {
  parameters: { msw: { handlers: [loaded, saved] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    const address = await input(context, 'profile.personal.address');
    await context.userEvent.clear(address);
    await context.userEvent.type(address, 'ul. Krótka 1, 00-001 Warszawa');
    await context.userEvent.click(
      context.canvas.getByRole('button', { name: t.exact('profile.personal.submit') }),
    );
    await expectToast(t, 'success', t('profile.personal.success'));
    await expect(sent).toEqual([
      {
        path: '/api/user/updateprofile',
        body: { ...USER, address: 'ul. Krótka 1, 00-001 Warszawa' },
      },
    ]);
  },
};

/** The language of the account's e-mails and SMS is saved with the personal data. */
export const MessageLanguageSaved: Story = {
  parameters: { msw: { handlers: [loaded, saved] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    const language = await context.canvas.findByRole('combobox', {
      name: t.exact('profile.personal.language'),
    });
    await expect(language).toHaveAccessibleDescription(t.exact('profile.personal.languageHint'));
    await context.userEvent.selectOptions(language, t('language.po'));
    await context.userEvent.click(
      context.canvas.getByRole('button', { name: t.exact('profile.personal.submit') }),
    );
    await expectToast(t, 'success', t('profile.personal.success'));
    await expect(sent).toEqual([
      { path: '/api/user/updateprofile', body: { ...USER, language: 'po' } },
    ]);
  },
};

export const PersonalDataServerError: Story = {
  parameters: { msw: { handlers: [loaded, serverError(updateProfile)] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await input(context, 'accounts.fields.fullName');
    await context.userEvent.click(
      context.canvas.getByRole('button', { name: t.exact('profile.personal.submit') }),
    );
    await expectToast(t, 'danger', t('errors.server'));
  },
};

/** Current password missing, a weak new one, then a confirmation that differs. */
export const PasswordInvalid: Story = {
  parameters: { msw: { handlers: [loaded, passwordChanged] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await openPasswordTab(context);
    await fillPasswords(context, '', 'short', 'short');
    await expectFieldError(
      context.canvas,
      t('profile.password.current'),
      t('validation.currentPassword'),
    );
    await expectFieldError(
      context.canvas,
      t('accounts.fields.newPassword'),
      t('validation.password'),
    );
    await context.userEvent.type(await input(context, 'accounts.fields.confirmPassword'), 'X');
    await expectFieldError(
      context.canvas,
      t('accounts.fields.confirmPassword'),
      t('validation.passwordMismatch'),
    );
    await expect(screen.queryByRole('dialog')).toBeNull();
    await expect(sent).toHaveLength(0);
  },
};

/** The confirm dialog can be cancelled: nothing is sent. */
export const PasswordConfirmCancelled: Story = {
  parameters: { msw: { handlers: [loaded, passwordChanged] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await openPasswordTab(context);
    await fillPasswords(context, 'OldSecret1!', 'NewSecret1!', 'NewSecret1!');
    const dialog = await screen.findByRole('dialog', {
      name: t.exact('profile.password.confirmTitle'),
    });
    await context.userEvent.click(
      within(dialog).getByRole('button', { name: t.exact('profile.password.cancel') }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(sent).toHaveLength(0);
  },
};

export const PasswordChanging: Story = {
  parameters: { msw: { handlers: [loaded, pending(changePassword)] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await openPasswordTab(context);
    await fillPasswords(context, 'OldSecret1!', 'NewSecret1!', 'NewSecret1!');
    await confirmInDialog(context);
    await expectBusyButton(context.canvas, t('profile.password.submit'));
  },
};

/**
 * Confirmed and changed: every session ended, so this one too, and on to sign in — without
 * asking for the profile again with the dead token.
 */
export const PasswordChanged: Story = {
  parameters: { msw: { handlers: [countedProfile, passwordChanged] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    const { navigation, session } = storyRecorders(context.loaded);
    await openPasswordTab(context);
    await fillPasswords(context, 'OldSecret1!', 'NewSecret1!', 'NewSecret1!');
    await confirmInDialog(context);
    await expectToast(t, 'success', t('profile.password.success'));
    await waitFor(() => expect(navigation.navigate).toHaveBeenCalledWith('/login'));
    await expect(session.signOut).toHaveBeenCalledOnce();
    // A request that should not happen needs a moment to (not) reach the worker.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(profileRequests).toBe(1);
    await expect(sent).toEqual([
      {
        path: '/api/user/changepassword',
        body: {
          currentpassword: 'OldSecret1!',
          newpassword: 'NewSecret1!',
          confirmpassword: 'NewSecret1!',
        },
      },
    ]);
  },
};

export const PasswordWrongCurrent: Story = {
  parameters: { msw: { handlers: [loaded, changePasswordWrongCurrent()] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await openPasswordTab(context);
    await fillPasswords(context, 'NotMine1!', 'NewSecret1!', 'NewSecret1!');
    await confirmInDialog(context);
    await expectFieldError(
      context.canvas,
      t('profile.password.current'),
      t('errors.wrongCurrentPassword'),
    );
    await expect(storyRecorders(context.loaded).session.signOut).not.toHaveBeenCalled();
  },
};

export const PasswordServerError: Story = {
  parameters: { msw: { handlers: [loaded, serverError(changePassword)] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await openPasswordTab(context);
    await fillPasswords(context, 'OldSecret1!', 'NewSecret1!', 'NewSecret1!');
    await confirmInDialog(context);
    await expectToast(t, 'danger', t('errors.server'));
  },
};
