import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { storyIntl } from '../../testing/story-intl.ts';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.tsx';

/** How screens use it: the action's button opens it; only its confirm button acts. */
function WithTrigger(props: ConfirmDialogProps) {
  const [open, setOpen] = useState(props.open);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{props.confirmLabel}</Button>
      <ConfirmDialog
        {...props}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          props.onOpenChange(next);
        }}
        onConfirm={() => {
          props.onConfirm();
          setOpen(false);
        }}
      />
    </>
  );
}

const meta = {
  component: ConfirmDialog,
  render: (args) => <WithTrigger {...args} />,
  args: {
    open: false,
    onOpenChange: fn(),
    onConfirm: fn(),
    title: 'Credit 13,333 BRND to anna@example.com?',
    children: 'The 0.02 ETH received on order 100042 buys 13,333 BRND at 0.003 USD.',
    confirmLabel: 'Credit 13,333 BRND',
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens from its button, names what happens and that it is final; confirm acts once. */
export const Confirm: Story = {
  play: async ({ canvas, args, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(canvas.getByRole('button', { name: 'Credit 13,333 BRND' }));
    const dialog = await screen.findByRole('dialog', { name: args.title });
    await expect(dialog).toHaveTextContent(t('common.confirm.cannotUndo'));
    await expect(dialog).toHaveTextContent(/0\.02 ETH/);
    // Focus starts inside the dialog, not on the action.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await expect(document.activeElement).not.toHaveTextContent('Credit 13,333 BRND');
    await userEvent.click(screen.getByRole('button', { name: 'Credit 13,333 BRND' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Escape or Cancel close it and nothing happens; focus goes back to the button. */
export const Cancel: Story = {
  play: async ({ canvas, args, globals, userEvent }) => {
    const t = storyIntl(globals);
    const opener = canvas.getByRole('button', { name: 'Credit 13,333 BRND' });
    await userEvent.click(opener);
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
    await userEvent.click(opener);
    await userEvent.click(
      await screen.findByRole('button', { name: t.exact('common.confirm.cancel') }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** While the action runs, its button is busy and cannot be pressed twice. */
export const Busy: Story = {
  args: { open: true, busy: true },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: args.title });
    await expect(dialog.querySelector('[aria-busy="true"]')).toBeDisabled();
  },
};
