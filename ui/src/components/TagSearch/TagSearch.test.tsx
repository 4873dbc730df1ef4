import { useState } from 'react';
import { screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render.tsx';
import { TagSearch, type Suggestion } from './TagSearch.tsx';

const SUGGESTIONS: Suggestion[] = [
  { id: 1, label: 'Amberline' },
  { id: 2, label: 'Ambertide' },
  { id: 3, label: 'Amber & Co' },
];

function Harness({
  initialTags = [],
  onPick = () => undefined,
}: {
  initialTags?: string[];
  onPick?: (suggestion: Suggestion) => void;
}) {
  const [value, setValue] = useState('');
  const [tags, setTags] = useState(initialTags);
  return (
    <TagSearch
      label="Search brands"
      value={value}
      onValueChange={setValue}
      tags={tags}
      onAddTag={(tag) => {
        setTags((current) => [...current, tag]);
        setValue('');
      }}
      onRemoveTag={(tag) => setTags((current) => current.filter((each) => each !== tag))}
      suggestions={value ? SUGGESTIONS : []}
      onPickSuggestion={onPick}
    />
  );
}

const box = () => screen.getByRole('combobox', { name: 'Search brands' });
const tagNames = () => screen.queryAllByRole('listitem').map((item) => item.textContent?.trim());

describe('TagSearch keyboard', () => {
  test('Enter turns the typed text into a tag and empties the box', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.type(box(), '  amber  {Enter}');
    expect(tagNames()).toEqual(['amber']);
    expect(box()).toHaveValue('');
  });

  test('Enter in an empty box adds nothing', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.type(box(), '   {Enter}');
    expect(tagNames()).toEqual([]);
  });

  test('arrow keys move through the suggestions and wrap around', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.type(box(), 'amb');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Amberline' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(box()).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Amberline' }).id,
    );
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: 'Amber & Co' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Amberline' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('Enter on a highlighted suggestion picks it instead of adding a tag', async () => {
    const onPick = vi.fn();
    const { user } = renderWithProviders(<Harness onPick={onPick} />);
    await user.type(box(), 'amb{ArrowDown}{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledWith(SUGGESTIONS[1]);
    expect(tagNames()).toEqual([]);
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  test('Escape closes the suggestions and keeps the text', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.type(box(), 'amb{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveValue('amb');
  });

  test('Backspace in an empty box removes the last tag only', async () => {
    const { user } = renderWithProviders(<Harness initialTags={['amber', 'coin']} />);
    await user.click(box());
    await user.keyboard('{Backspace}');
    expect(tagNames()).toEqual(['amber']);
    await user.type(box(), 'x{Backspace}');
    expect(tagNames()).toEqual(['amber']);
  });

  test('each tag has a button that removes it', async () => {
    const { user } = renderWithProviders(<Harness initialTags={['amber', 'coin']} />);
    await user.click(screen.getByRole('button', { name: 'Remove the search amber' }));
    expect(tagNames()).toEqual(['coin']);
  });
});
