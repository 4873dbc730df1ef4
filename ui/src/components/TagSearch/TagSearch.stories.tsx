import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';
import { TagSearch, type Suggestion, type TagSearchProps } from './TagSearch.tsx';

const BRANDS: Suggestion[] = [
  { id: 1, label: 'Walker Coffee' },
  { id: 2, label: 'Walkabout Outdoor' },
  { id: 3, label: 'Wallnut Studio' },
];

/** The voting page's search: the caller holds the text and the tags, and looks suggestions up. */
function TagSearchWithState(props: TagSearchProps) {
  const [value, setValue] = useState(props.value);
  const [tags, setTags] = useState(props.tags);
  const suggestions = BRANDS.filter((brand) =>
    brand.label.toLowerCase().startsWith(value.trim().toLowerCase()),
  );
  return (
    <TagSearch
      {...props}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        props.onValueChange(next);
      }}
      tags={tags}
      onAddTag={(tag) => {
        setTags((current) => (current.includes(tag) ? current : [...current, tag]));
        setValue('');
        props.onAddTag(tag);
      }}
      onRemoveTag={(tag) => {
        setTags((current) => current.filter((item) => item !== tag));
        props.onRemoveTag(tag);
      }}
      suggestions={value.trim() === '' ? [] : suggestions}
    />
  );
}

const meta = {
  component: TagSearch,
  tags: ['autodocs'],
  render: (args) => <TagSearchWithState {...args} />,
  args: {
    label: 'Search brands',
    placeholder: 'Brand name',
    value: '',
    onValueChange: fn(),
    tags: [],
    onAddTag: fn(),
    onRemoveTag: fn(),
    suggestions: [],
    onPickSuggestion: fn(),
  },
} satisfies Meta<typeof TagSearch>;

export default meta;
type Story = StoryObj<typeof meta>;

const polishArgs = { label: 'Szukaj marek', placeholder: 'Nazwa marki' };

/** Typing shows suggestions; the arrows and Enter pick one without the mouse. */
export const Suggestions: Story = {
  parameters: { polishArgs },
  play: async ({ args, canvas, userEvent }) => {
    const box = canvas.getByRole('combobox', { name: args.label });
    await userEvent.type(box, 'walk');
    const list = canvas.getByRole('listbox', { name: args.label });
    await expect(list).toBeVisible();
    await expect(canvas.getAllByRole('option')).toHaveLength(2);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(box).toHaveAttribute(
      'aria-activedescendant',
      canvas.getAllByRole('option')[1]!.id,
    );
    await userEvent.keyboard('{Enter}');
    await expect(args.onPickSuggestion).toHaveBeenCalledWith(BRANDS[1]);
    await expect(list).not.toBeVisible();
  },
};

/** Enter on typed text adds it as a tag; a tag's button and Backspace remove tags. */
export const Tags: Story = {
  args: { tags: ['coffee'] },
  parameters: { polishArgs },
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const box = canvas.getByRole('combobox', { name: args.label });
    await userEvent.type(box, 'tea{Escape}{Enter}');
    await expect(args.onAddTag).toHaveBeenCalledWith('tea');
    const tags = canvas.getByRole('list', { name: t.exact('voting.search.tags') });
    await expect(tags).toHaveTextContent('coffee');
    await expect(tags).toHaveTextContent('tea');
    await userEvent.click(
      canvas.getByRole('button', { name: t.exact('voting.search.removeTag', { tag: 'coffee' }) }),
    );
    await expect(args.onRemoveTag).toHaveBeenCalledWith('coffee');
    await userEvent.click(box);
    await userEvent.keyboard('{Backspace}');
    await expect(args.onRemoveTag).toHaveBeenLastCalledWith('tea');
    await expect(canvas.queryByRole('list', { name: t.exact('voting.search.tags') })).toBeNull();
  },
};
