import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { TabNav } from './TabNav.tsx';

const meta = {
  component: TabNav,
  tags: ['autodocs'],
  args: {
    label: 'Dashboard sections',
    items: [
      { to: '/user/dashboard', label: 'Dashboard', current: false },
      { to: '/user/wallet', label: 'Wallet', current: true },
      { to: '/user/transactions', label: 'Transactions', current: false },
    ],
  },
} satisfies Meta<typeof TabNav>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The current page's tab is marked for assistive technology; another tab navigates. */
export const CurrentAndNavigate: Story = {
  parameters: {
    polishArgs: {
      label: 'Sekcje panelu',
      items: [
        { to: '/user/dashboard', label: 'Panel', current: false },
        { to: '/user/wallet', label: 'Portfel', current: true },
        { to: '/user/transactions', label: 'Transakcje', current: false },
      ],
    },
  },
  play: async ({ args, canvas, userEvent, loaded }) => {
    const [first, second] = args.items;
    await expect(canvas.getByRole('navigation', { name: args.label })).toBeVisible();
    await expect(canvas.getByRole('link', { name: second!.label })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('link', { name: first!.label })).not.toHaveAttribute(
      'aria-current',
    );
    await userEvent.click(canvas.getByRole('link', { name: first!.label }));
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
      first!.to,
      undefined,
    );
  },
};
