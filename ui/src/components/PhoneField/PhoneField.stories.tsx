import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';
import { PhoneField, type PhoneFieldProps } from './PhoneField.tsx';

/** The field is controlled; stories hold the value like a form would. */
function PhoneFieldWithState(props: PhoneFieldProps) {
  const [value, setValue] = useState(props.value);
  return (
    <PhoneField
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
  component: PhoneField,
  tags: ['autodocs'],
  render: (args) => <PhoneFieldWithState {...args} />,
  args: { label: 'Mobile', value: '', onChange: fn(), name: 'mobile' },
} satisfies Meta<typeof PhoneField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  parameters: { polishArgs: { label: 'Telefon komórkowy' } },
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    // Poland is preselected (DEFAULT_PHONE_COUNTRY).
    await expect(canvas.getByRole('combobox', { name: t.exact('common.countryCode') })).toHaveValue(
      'pl',
    );
    await userEvent.type(canvas.getByRole('textbox', { name: args.label }), '600 100 200');
    await expect(args.onChange).toHaveBeenLastCalledWith('+48 600 100 200');
  },
};

export const Filled: Story = {
  args: { value: '+48 600 100 200' },
  parameters: { polishArgs: { label: 'Telefon komórkowy' } },
  play: async ({ args, canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('textbox', { name: args.label })).toHaveValue('600 100 200');
    await expect(canvas.getByRole('combobox', { name: t.exact('common.countryCode') })).toHaveValue(
      'pl',
    );
  },
};

export const ChoosingACountry: Story = {
  args: { value: '+48 600 100 200' },
  parameters: { polishArgs: { label: 'Telefon komórkowy' } },
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: t.exact('common.countryCode') }),
      'de',
    );
    await expect(args.onChange).toHaveBeenLastCalledWith('+49 600 100 200');
    await expect(canvas.getByText('DE +49')).toBeVisible();
  },
};

export const PastingAFullNumber: Story = {
  parameters: {
    polishArgs: {
      label: 'Telefon komórkowy',
    },
  },
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(canvas.getByRole('textbox', { name: args.label }));
    await userEvent.paste('+44 20 7946 0958');
    await expect(args.onChange).toHaveBeenLastCalledWith('+44 20 7946 0958');
    await expect(canvas.getByRole('combobox', { name: t.exact('common.countryCode') })).toHaveValue(
      'gb',
    );
    await expect(canvas.getByRole('textbox', { name: args.label })).toHaveValue('20 7946 0958');
  },
};

export const WithError: Story = {
  args: { value: '+48 12', error: 'Invalid phone number' },
  parameters: {
    polishArgs: {
      label: 'Telefon komórkowy',
      error: 'Nieprawidłowy numer telefonu',
    },
  },
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('textbox', { name: args.label });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription(String(args.error));
  },
};

/** /confirmPhone shows the stored number without letting it change. */
export const ReadOnly: Story = {
  args: { value: '+48600100200', readOnly: true },
  parameters: { polishArgs: { label: 'Telefon komórkowy' } },
  play: async ({ args, canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('textbox', { name: args.label })).toHaveValue('600100200');
    await expect(canvas.getByRole('textbox', { name: args.label })).toHaveAttribute('readonly');
    await expect(
      canvas.getByRole('combobox', { name: t.exact('common.countryCode') }),
    ).toBeDisabled();
  },
};

export const Disabled: Story = {
  args: { value: '+48 600 100 200', disabled: true },
  parameters: { polishArgs: { label: 'Telefon komórkowy' } },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('textbox', { name: args.label })).toBeDisabled();
  },
};
