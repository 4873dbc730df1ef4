import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';
import { expectFieldError } from '../shared/story-helpers.ts';
import { ProfileView } from './ProfileView.tsx';

const meta = {
  title: 'Screens/Profile/View',
  component: ProfileView,
  args: {
    user: {
      name: 'Anna Nowak',
      email: 'anna@example.com',
      mobile: '+48600100200',
      address: 'ul. Długa 5, 80-831 Gdańsk',
      language: 'en',
    },
    onSaveProfile: fn(),
    onChangePassword: fn(),
  },
} satisfies Meta<typeof ProfileView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PersonalData: Story = {
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('tab', { name: t.exact('profile.tabs.personal') }),
    ).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(canvas.getByRole('button', { name: t.exact('profile.personal.submit') }));
    await waitFor(() =>
      expect(args.onSaveProfile).toHaveBeenCalledWith({
        name: 'Anna Nowak',
        address: 'ul. Długa 5, 80-831 Gdańsk',
        language: 'en',
      }),
    );
  },
};

export const Saving: Story = {
  args: { savingProfile: true },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('button', { name: t.exact('profile.personal.submit') }),
    ).toHaveAttribute('aria-busy', 'true');
  },
};

/** The Password tab: the confirm dialog comes between the form and onChangePassword. */
export const Password: Story = {
  args: { defaultTab: 'password' },
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const field = (id: string) => canvas.getByLabelText(t(id), { selector: 'input' });
    await userEvent.type(field('profile.password.current'), 'OldSecret1!');
    await userEvent.type(field('accounts.fields.newPassword'), 'NewSecret1!');
    await userEvent.type(field('accounts.fields.confirmPassword'), 'NewSecret1!');
    await userEvent.click(canvas.getByRole('button', { name: t.exact('profile.password.submit') }));
    const dialog = await screen.findByRole('dialog', {
      name: t.exact('profile.password.confirmTitle'),
    });
    await expect(args.onChangePassword).not.toHaveBeenCalled();
    await userEvent.click(
      within(dialog).getByRole('button', { name: t.exact('profile.password.confirm') }),
    );
    await expect(args.onChangePassword).toHaveBeenCalledWith({
      currentpassword: 'OldSecret1!',
      newpassword: 'NewSecret1!',
      confirmpassword: 'NewSecret1!',
    });
  },
};

export const PasswordWithServerError: Story = {
  args: {
    defaultTab: 'password',
    passwordErrors: { currentpassword: 'errors.wrongCurrentPassword' },
  },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expectFieldError(canvas, t('profile.password.current'), t('errors.wrongCurrentPassword'));
  },
};
