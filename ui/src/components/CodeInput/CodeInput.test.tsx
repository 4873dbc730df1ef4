import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render.tsx';
import { CodeInput } from './CodeInput.tsx';

function renderCode(initial: string[]) {
  const onChange = vi.fn();
  function WithState() {
    const [value, setValue] = useState(initial);
    return (
      <CodeInput
        label="Verification code"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    );
  }
  const result = renderWithProviders(<WithState />);
  const box = (index: number) =>
    // The page's typography keeps a number with its word: match any space.
    screen.getByRole('textbox', { name: new RegExp(`^Digit\\s${index}\\sof\\s4$`) });
  return { ...result, onChange, box };
}

test('user can type over a digit whichever side of it the caret is', () => {
  const { box, onChange } = renderCode(['1', '2', '3', '4']);
  fireEvent.change(box(2), { target: { value: '29' } });
  expect(onChange).toHaveBeenLastCalledWith(['1', '9', '3', '4']);
  fireEvent.change(box(3), { target: { value: '73' } });
  expect(onChange).toHaveBeenLastCalledWith(['1', '9', '7', '4']);
  expect(box(4)).toHaveFocus();
});

test('user cannot put a letter in a box', () => {
  const { box, onChange } = renderCode(['', '', '', '']);
  fireEvent.change(box(1), { target: { value: 'a' } });
  expect(onChange).not.toHaveBeenCalled();
  expect(box(1)).toHaveValue('');
});

test('user can clear a box', () => {
  const { box, onChange } = renderCode(['1', '2', '', '']);
  box(2).focus();
  fireEvent.change(box(2), { target: { value: '' } });
  expect(onChange).toHaveBeenLastCalledWith(['1', '', '', '']);
  expect(box(2)).toHaveFocus();
});

test('an autofilled one-time code fills every box', () => {
  const { box, onChange } = renderCode(['', '', '', '']);
  fireEvent.change(box(1), { target: { value: '4821' } });
  expect(onChange).toHaveBeenLastCalledWith(['4', '8', '2', '1']);
  expect(box(4)).toHaveFocus();
});

test('user can paste the end of a code into a middle box', async () => {
  const { box, onChange, user } = renderCode(['1', '2', '', '']);
  await user.click(box(3));
  await user.paste('5-6');
  expect(onChange).toHaveBeenLastCalledWith(['1', '2', '5', '6']);
});

test('user can move between boxes with the arrow keys', async () => {
  const { box, user } = renderCode(['1', '2', '3', '4']);
  await user.click(box(2));
  await user.keyboard('{ArrowRight}');
  expect(box(3)).toHaveFocus();
  await user.keyboard('{ArrowLeft}{ArrowLeft}');
  expect(box(1)).toHaveFocus();
});
