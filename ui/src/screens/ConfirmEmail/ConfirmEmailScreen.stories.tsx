import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { LOCAL_EMAIL } from '../shared/storage.ts';
import { ConfirmEmailScreen } from './ConfirmEmailScreen.tsx';

const meta = {
  title: 'Screens/ConfirmEmail',
  component: ConfirmEmailScreen,
} satisfies Meta<typeof ConfirmEmailScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Right after sign-up: the address the user typed is in local storage. */
export const WithStoredAddress: Story = {
  beforeEach: () => {
    localStorage.setItem(LOCAL_EMAIL, 'anna@example.com');
    return () => localStorage.removeItem(LOCAL_EMAIL);
  },
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      t('accounts.confirmEmail.title'),
    );
    await expect(canvas.getByText('anna@example.com')).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: t.exact('accounts.common.backHome') }));
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith('/', undefined);
  },
};

/** Opened in another browser: no stored address, the text still makes sense. */
export const WithoutStoredAddress: Story = {
  beforeEach: () => localStorage.removeItem(LOCAL_EMAIL),
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByText(t('accounts.confirmEmail.sent'))).toBeVisible();
  },
};
