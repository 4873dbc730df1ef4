import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect, fn } from 'storybook/test';
import { Menu } from './Menu.tsx';

const meta = {
  component: Menu,
  tags: ['autodocs'],
  args: { trigger: 'Language', children: (_close: () => void): ReactNode => null },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Menu>;

export default meta;
type Story = StoryObj<typeof meta>;

const picked = fn();

function items(names: readonly string[], checked: string) {
  return (close: () => void) =>
    names.map((name) => (
      <button
        key={name}
        type="button"
        role="menuitemradio"
        aria-checked={name === checked}
        tabIndex={-1}
        onClick={() => {
          close();
          picked(name);
        }}
      >
        {name}
      </button>
    ));
}

/** The header's menus: the arrows move through the items, Escape closes back onto the button. */
export const Keyboard: Story = {
  args: { children: items(['English', 'Polski'], 'English') },
  parameters: {
    polishArgs: {
      trigger: 'Język',
      children: items(['English', 'Polski'], 'Polski'),
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: String(args.trigger) });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    // The menu opens on the checked item; the arrows wrap around.
    const options = canvas.getAllByRole('menuitemradio');
    const checked = options.findIndex((option) => option.getAttribute('aria-checked') === 'true');
    await expect(options[checked]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(options[(checked + 1) % options.length]).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('menu')).toBeNull();
    await expect(button).toHaveFocus();
  },
};

/** A pick closes the menu and acts once. */
export const Pick: Story = {
  args: { children: items(['English', 'Polski'], 'English') },
  parameters: { polishArgs: { trigger: 'Język' } },
  play: async ({ args, canvas, userEvent }) => {
    picked.mockClear();
    await userEvent.click(canvas.getByRole('button', { name: String(args.trigger) }));
    await userEvent.click(canvas.getByRole('menuitemradio', { name: 'Polski' }));
    await expect(picked).toHaveBeenCalledTimes(1);
    await expect(picked).toHaveBeenCalledWith('Polski');
    await expect(canvas.queryByRole('menu')).toBeNull();
  },
};
