import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { Link } from '../../navigation.tsx';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { Checkbox, type CheckboxProps } from './Checkbox.tsx';

function CheckboxWithState(props: CheckboxProps) {
  const [checked, setChecked] = useState(props.checked);
  return (
    <Checkbox
      {...props}
      checked={checked}
      onChange={(next) => {
        setChecked(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  component: Checkbox,
  tags: ['autodocs'],
  render: (args) => <CheckboxWithState {...args} />,
  args: { label: 'Keep me signed in', checked: false, onChange: fn(), name: 'remember' },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Unchecked: Story = {
  parameters: { polishArgs: { label: 'Nie wylogowuj mnie' } },
  play: async ({ args, canvas, userEvent }) => {
    const checkbox = canvas.getByRole('checkbox', { name: String(args.label) });
    await userEvent.click(checkbox);
    await expect(checkbox).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(true);
    // The label toggles it too.
    await userEvent.click(canvas.getByText(String(args.label)));
    await expect(args.onChange).toHaveBeenLastCalledWith(false);
  },
};

export const Checked: Story = {
  args: { checked: true },
  parameters: { polishArgs: { label: 'Nie wylogowuj mnie' } },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: String(args.label) })).toBeChecked();
  },
};

export const WithError: Story = {
  args: { error: 'Please accept the terms to continue' },
  parameters: {
    polishArgs: {
      label: 'Nie wylogowuj mnie',
      error: 'Zaakceptuj warunki, aby kontynuować',
    },
  },
  play: async ({ args, canvas }) => {
    const checkbox = canvas.getByRole('checkbox', { name: String(args.label) });
    await expect(checkbox).toBeInvalid();
    await expect(checkbox).toHaveAccessibleDescription(String(args.error));
  },
};

/** A label with links: following a link does not tick the box. */
export const WithLinks: Story = {
  args: {
    label: (
      <>
        I accept the <Link to="/terms-of-service">terms of service</Link> and the{' '}
        <Link to="/privacypolicy">privacy policy</Link>.
      </>
    ),
  },
  parameters: {
    polishArgs: {
      label: (
        <>
          Akceptuję <Link to="/terms-of-service">regulamin</Link> i{' '}
          <Link to="/privacypolicy">politykę prywatności</Link>.
        </>
      ),
    },
  },
  play: async ({ args, canvas, loaded, userEvent }) => {
    await userEvent.click(canvas.getByRole('link', { name: /terms of service|regulamin/i }));
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
      '/terms-of-service',
      undefined,
    );
    await expect(canvas.getByRole('checkbox')).not.toBeChecked();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};
