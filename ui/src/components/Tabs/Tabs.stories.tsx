import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Tabs } from './Tabs.tsx';

const meta = {
  component: Tabs,
  tags: ['autodocs'],
  args: {
    label: 'Profile',
    onValueChange: fn(),
    tabs: [
      { value: 'person', label: 'Personal data', content: <p>Name, e-mail, mobile, address.</p> },
      { value: 'password', label: 'Password', content: <p>Current and new password.</p> },
      { value: 'wallet', label: 'Wallet', content: <p>Your Ethereum address.</p> },
    ],
  },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

const polishTabs = {
  label: 'Profil',
  tabs: [
    { value: 'person', label: 'Dane osobowe', content: <p>Imię, e-mail, telefon, adres.</p> },
    { value: 'password', label: 'Hasło', content: <p>Obecne i nowe hasło.</p> },
    { value: 'wallet', label: 'Portfel', content: <p>Twój adres Ethereum.</p> },
  ],
};

export const SwitchingWithArrowKeys: Story = {
  parameters: { polishArgs: polishTabs },
  play: async ({ args, canvas, userEvent }) => {
    const [first, second, third] = args.tabs;
    await expect(canvas.getByRole('tablist', { name: args.label })).toBeVisible();
    const firstTab = canvas.getByRole('tab', { name: first!.label });
    await expect(firstTab).toHaveAttribute('aria-selected', 'true');

    await userEvent.click(firstTab);
    await userEvent.keyboard('{ArrowRight}');
    const secondTab = canvas.getByRole('tab', { name: second!.label });
    await expect(secondTab).toHaveFocus();
    await expect(secondTab).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel', { name: second!.label })).toBeVisible();
    await expect(args.onValueChange).toHaveBeenLastCalledWith(second!.value);

    // Arrow keys wrap around.
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: first!.label })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(canvas.getByRole('tab', { name: third!.label })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

/** The screen keeps the tab in the URL: /user/profile/person. */
export const Controlled: Story = {
  args: { value: 'password' },
  parameters: { polishArgs: polishTabs },
  play: async ({ args, canvas, userEvent }) => {
    const [first, second] = args.tabs;
    await expect(canvas.getByRole('tab', { name: second!.label })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.click(canvas.getByRole('tab', { name: first!.label }));
    await expect(args.onValueChange).toHaveBeenCalledWith(first!.value);
  },
};
