import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { storyIntl } from '../../testing/story-intl.ts';
import { Modal, type ModalProps } from './Modal.tsx';

/** How screens use it: a button opens it, the dialog's own buttons or Escape close it. */
function ModalWithTrigger(props: ModalProps & { trigger: string; confirm: string }) {
  const { trigger, confirm, ...modal } = props;
  const [open, setOpen] = useState(modal.open);
  const change = (next: boolean) => {
    setOpen(next);
    modal.onOpenChange(next);
  };
  return (
    <>
      <Button onClick={() => change(true)}>{trigger}</Button>
      <Modal
        {...modal}
        open={open}
        onOpenChange={change}
        footer={<Button onClick={() => change(false)}>{confirm}</Button>}
      />
    </>
  );
}

const meta = {
  component: Modal,
  tags: ['autodocs'],
  render: (args) => (
    <ModalWithTrigger {...args} trigger={String(args.title)} confirm={String(args.footer)} />
  ),
  args: {
    open: false,
    onOpenChange: fn(),
    title: 'Change password',
    description: 'You will be logged out and can log in again with the new password.',
    footer: 'Confirm',
  },
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OpensAndClosesWithEscape: Story = {
  parameters: {
    polishArgs: {
      title: 'Zmiana hasła',
      description: 'Zostaniesz wylogowany i zalogujesz się ponownie nowym hasłem.',
      footer: 'Potwierdź',
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: args.title });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: args.title });
    await expect(dialog).toHaveAccessibleDescription(String(args.description));

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    // Focus returns to the button that opened it.
    await expect(trigger).toHaveFocus();
  },
};

export const Open: Story = {
  args: { open: true },
  parameters: {
    polishArgs: {
      title: 'Zmiana hasła',
      description: 'Zostaniesz wylogowany i zalogujesz się ponownie nowym hasłem.',
      footer: 'Potwierdź',
    },
  },
  play: async ({ args, globals, userEvent }) => {
    const t = storyIntl(globals);
    await screen.findByRole('dialog', { name: args.title });
    await userEvent.click(screen.getByRole('button', { name: t.exact('common.close') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const WithoutDescription: Story = {
  args: { open: true, description: undefined },
  parameters: {
    polishArgs: {
      title: 'Zmiana hasła',
      footer: 'Potwierdź',
    },
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: args.title });
    await expect(dialog).not.toHaveAttribute('aria-describedby');
  },
};
