import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { FileDrop, type FileDropProps } from './FileDrop.tsx';

function FileDropWithState(props: FileDropProps) {
  const [file, setFile] = useState(props.file);
  return (
    <FileDrop
      {...props}
      file={file}
      onChange={(next) => {
        setFile(next);
        props.onChange(next);
      }}
    />
  );
}

const logo = new File([new Uint8Array(3 * 1024)], 'walker-coffee.png', { type: 'image/png' });

const meta = {
  component: FileDrop,
  tags: ['autodocs'],
  render: (args) => <FileDropWithState {...args} />,
  args: {
    label: 'Brand logo',
    hint: 'PNG, JPEG, SVG, ICO or GIF, at most 2 MB',
    accept: 'image/*',
    file: undefined,
    onChange: fn(),
    dropText: 'Drop the file here, or',
    chooseText: 'choose a file',
    removeText: 'Remove the brand logo',
    chosenText: (file, size) => `Chosen: ${file.name} (${size})`,
  },
} satisfies Meta<typeof FileDrop>;

export default meta;
type Story = StoryObj<typeof meta>;

const polishArgs = {
  label: 'Logo marki',
  hint: 'PNG, JPEG, SVG, ICO lub GIF, najwyżej 2 MB',
  dropText: 'Upuść plik tutaj albo',
  chooseText: 'wybierz plik',
  removeText: 'Usuń logo marki',
  chosenText: (file: File, size: string) => `Wybrano: ${file.name} (${size})`,
};

/** The picker is reached by its label; choosing a file names it with its size. */
export const Empty: Story = {
  parameters: { polishArgs },
  play: async ({ args, canvas, userEvent }) => {
    const input = canvas.getByLabelText(new RegExp(args.chooseText));
    await expect(input).toHaveAccessibleDescription(args.hint!);
    await userEvent.upload(input, logo);
    await expect(args.onChange).toHaveBeenCalledWith(logo);
    await expect(canvas.getByText(args.chosenText(logo, '3 KB'))).toBeVisible();
  },
};

/** Removing the chosen file empties the field and puts focus back on the picker. */
export const Chosen: Story = {
  args: { file: logo },
  parameters: { polishArgs },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: args.removeText }));
    await expect(args.onChange).toHaveBeenCalledWith(undefined);
    await expect(canvas.queryByRole('button', { name: args.removeText })).toBeNull();
    await expect(canvas.getByLabelText(new RegExp(args.chooseText))).toHaveFocus();
  },
};

/** A file the form refused: the message is the field's description and the field is invalid. */
export const Invalid: Story = {
  args: { file: logo, error: 'The logo may be at most 2 MB' },
  parameters: {
    polishArgs: {
      ...polishArgs,
      error: 'Logo może mieć najwyżej 2 MB',
    },
  },
  play: async ({ args, canvas }) => {
    const input = canvas.getByLabelText(new RegExp(args.chooseText));
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(new RegExp(args.error!));
  },
};
