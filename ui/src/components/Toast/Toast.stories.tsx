import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { TOAST_MAX_SHOWN } from '@brnd/contracts/domain/constants';
import { Button } from '../Button/Button.tsx';
import { storyIntl } from '../../testing/story-intl.ts';
import { useToast, type ToastOptions, type ToastVariant } from './Toast.tsx';

interface ToastDemoProps {
  variant: ToastVariant;
  message: string;
  trigger: string;
  options?: ToastOptions;
}

/** The preview mounts the ToastProvider, as the app does; a screen only calls useToast(). */
function ToastDemo({ variant, message, trigger, options }: ToastDemoProps) {
  const toast = useToast();
  return <Button onClick={() => toast[variant](message, options)}>{trigger}</Button>;
}

const meta = {
  component: ToastDemo,
  tags: ['autodocs'],
  // The toasts are what these stories show: captured while they are up (decision 053).
  parameters: { visual: { showTransient: true } },
  args: {
    variant: 'success',
    message: 'Your profile was updated successfully!',
    trigger: 'Save',
  },
} satisfies Meta<typeof ToastDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  parameters: {
    polishArgs: {
      message: 'Twój profil został zaktualizowany!',
      trigger: 'Zapisz',
    },
  },
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(canvas.getByRole('button', { name: args.trigger }));
    const toast = await canvas.findByRole('status');
    await expect(toast).toHaveTextContent(t('toast.success'));
    await expect(toast).toHaveTextContent(args.message);
  },
};

/** The spec's 'Warnning!' danger toast, spelled right. */
export const Danger: Story = {
  args: { variant: 'danger', message: 'Verification Failed', trigger: 'Verify' },
  parameters: {
    polishArgs: {
      message: 'Weryfikacja nie powiodła się',
      trigger: 'Zweryfikuj',
    },
  },
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(canvas.getByRole('button', { name: args.trigger }));
    const toast = await canvas.findByRole('alert');
    await expect(toast).toHaveTextContent(t('toast.warning'));
    await expect(toast).toHaveTextContent(args.message);
    await userEvent.click(canvas.getByRole('button', { name: t.exact('toast.dismiss') }));
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** The buy page's warning stays 8 seconds. */
export const Warning: Story = {
  args: {
    variant: 'warning',
    message: 'Error! Please try again later',
    trigger: 'Buy',
    options: { durationMs: 8_000 },
  },
  parameters: {
    polishArgs: {
      message: 'Błąd! Spróbuj ponownie później',
      trigger: 'Kup',
    },
  },
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(canvas.getByRole('button', { name: args.trigger }));
    const toast = await canvas.findByRole('status');
    await expect(toast).toHaveTextContent(t('toast.warning'));
    await expect(toast).toHaveTextContent(args.message);
  },
};

/** The same message again restarts its toast: three saves show one. */
export const RepeatedShowsOnce: Story = {
  parameters: {
    polishArgs: {
      message: 'Twój profil został zaktualizowany!',
      trigger: 'Zapisz',
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: args.trigger });
    await userEvent.click(button);
    await userEvent.click(button);
    await userEvent.click(button);
    await expect(await canvas.findAllByRole('status')).toHaveLength(1);
  },
};

/** Different messages stack, newest first, at most TOAST_MAX_SHOWN at once. */
export const Stacked: Story = {
  parameters: {
    polishArgs: {
      message: 'Twój profil został zaktualizowany!',
      trigger: 'Zapisz',
    },
  },
  render: (args) => (
    <>
      {['1', '2', '3', '4'].map((n) => (
        <ToastDemo
          key={n}
          {...args}
          message={`${args.message} (${n})`}
          trigger={`${args.trigger} ${n}`}
        />
      ))}
    </>
  ),
  play: async ({ args, canvas, userEvent }) => {
    for (const n of ['1', '2', '3', '4']) {
      await userEvent.click(canvas.getByRole('button', { name: `${args.trigger} ${n}` }));
    }
    const shown = await canvas.findAllByRole('status');
    await expect(shown).toHaveLength(TOAST_MAX_SHOWN);
    await expect(shown[0]).toHaveTextContent(`${args.message} (4)`);
  },
};

export const DismissesItself: Story = {
  args: { options: { durationMs: 600 } },
  parameters: {
    polishArgs: {
      message: 'Twój profil został zaktualizowany!',
      trigger: 'Zapisz',
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: args.trigger }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(args.message);
    await waitFor(() => expect(canvas.queryByRole('status')).not.toBeInTheDocument(), {
      timeout: 3_000,
    });
  },
};
