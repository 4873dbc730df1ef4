import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';
import { CodeInput, type CodeInputProps } from './CodeInput.tsx';

function CodeInputWithState(props: CodeInputProps) {
  const [value, setValue] = useState(props.value);
  return (
    <CodeInput
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  component: CodeInput,
  tags: ['autodocs'],
  render: (args) => <CodeInputWithState {...args} />,
  args: { label: 'Verification code', value: ['', '', '', ''], onChange: fn() },
} satisfies Meta<typeof CodeInput>;

export default meta;
type Story = StoryObj<typeof meta>;

type T = ReturnType<typeof storyIntl>;
const box = (t: T, index: number) => ({ name: t.exact('common.digitLabel', { index, count: 4 }) });

export const Empty: Story = {
  parameters: { polishArgs: { label: 'Kod weryfikacyjny' } },
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('group', { name: args.label })).toBeVisible();
    await userEvent.click(canvas.getByRole('textbox', box(t, 1)));
    await userEvent.keyboard('1');
    // Focus moves on after each digit.
    await expect(canvas.getByRole('textbox', box(t, 2))).toHaveFocus();
    await userEvent.keyboard('2a3');
    await expect(canvas.getByRole('textbox', box(t, 4))).toHaveFocus();
    await userEvent.keyboard('4');
    await expect(args.onChange).toHaveBeenLastCalledWith(['1', '2', '3', '4']);
  },
};

export const PartiallyFilled: Story = {
  args: { value: ['4', '7', '', ''] },
  parameters: { polishArgs: { label: 'Kod weryfikacyjny' } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('textbox', box(t, 1))).toHaveValue('4');
    await expect(canvas.getByRole('textbox', box(t, 3))).toHaveValue('');
  },
};

export const TypingReplacesADigit: Story = {
  args: { value: ['1', '2', '3', '4'] },
  parameters: {
    polishArgs: {
      label: 'Kod weryfikacyjny',
    },
  },
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(canvas.getByRole('textbox', box(t, 2)));
    await userEvent.keyboard('9');
    await expect(canvas.getByRole('textbox', box(t, 2))).toHaveValue('9');
    await expect(canvas.getByRole('textbox', box(t, 3))).toHaveFocus();
    await expect(args.onChange).toHaveBeenLastCalledWith(['1', '9', '3', '4']);
  },
};

export const BackspaceMovesBack: Story = {
  args: { value: ['5', '', '', ''] },
  parameters: {
    polishArgs: {
      label: 'Kod weryfikacyjny',
    },
  },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(canvas.getByRole('textbox', box(t, 2)));
    await userEvent.keyboard('{Backspace}');
    await expect(canvas.getByRole('textbox', box(t, 1))).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    await expect(canvas.getByRole('textbox', box(t, 1))).toHaveValue('');
  },
};

export const PastingTheCode: Story = {
  parameters: { polishArgs: { label: 'Kod weryfikacyjny' } },
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(canvas.getByRole('textbox', box(t, 1)));
    await userEvent.paste('1234');
    await expect(args.onChange).toHaveBeenLastCalledWith(['1', '2', '3', '4']);
    await expect(canvas.getByRole('textbox', box(t, 4))).toHaveValue('4');
  },
};

export const WithErrors: Story = {
  args: { value: ['1', '2', '', ''], errors: [undefined, undefined, 'Invalid', 'Invalid'] },
  parameters: {
    polishArgs: {
      label: 'Kod weryfikacyjny',
      errors: [undefined, undefined, 'Nieprawidłowy', 'Nieprawidłowy'],
    },
  },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('textbox', box(t, 2))).toBeValid();
    await expect(canvas.getByRole('textbox', box(t, 3))).toBeInvalid();
    await expect(canvas.getByRole('textbox', box(t, 4))).toHaveAccessibleDescription(
      t('validation.code'),
    );
  },
};

export const Disabled: Story = {
  args: { value: ['1', '2', '3', '4'], disabled: true },
  parameters: { polishArgs: { label: 'Kod weryfikacyjny' } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('textbox', box(t, 1))).toBeDisabled();
  },
};
