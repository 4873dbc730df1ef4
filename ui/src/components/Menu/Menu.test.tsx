import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { Menu } from './Menu.tsx';

function renderMenu() {
  const picked = vi.fn();
  render(
    <>
      <Menu trigger="Fruit">
        {(close) =>
          ['Apple', 'Pear', 'Plum'].map((name) => (
            <button
              key={name}
              type="button"
              role="menuitemradio"
              aria-checked={name === 'Pear'}
              tabIndex={-1}
              onClick={() => {
                close();
                picked(name);
              }}
            >
              {name}
            </button>
          ))
        }
      </Menu>
      <button type="button">Elsewhere</button>
    </>,
  );
  return { picked, user: userEvent.setup() };
}

test('keyboard user opens the menu on the checked item, moves around it and picks one', async () => {
  const { picked, user } = renderMenu();
  const button = screen.getByRole('button', { name: 'Fruit' });
  expect(button).toHaveAttribute('aria-haspopup', 'menu');

  button.focus();
  await user.keyboard('{Enter}');
  expect(button).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('menu', { name: 'Fruit' })).toBeVisible();
  expect(screen.getByRole('menuitemradio', { name: 'Pear' })).toHaveFocus();

  await user.keyboard('{ArrowDown}');
  expect(screen.getByRole('menuitemradio', { name: 'Plum' })).toHaveFocus();
  await user.keyboard('{ArrowDown}');
  expect(screen.getByRole('menuitemradio', { name: 'Apple' })).toHaveFocus();
  await user.keyboard('{End}');
  expect(screen.getByRole('menuitemradio', { name: 'Plum' })).toHaveFocus();
  await user.keyboard('{ArrowUp}{Enter}');

  expect(picked).toHaveBeenCalledWith('Pear');
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  expect(button).toHaveFocus();
});

test('Escape closes the menu onto its button; a click elsewhere closes it too', async () => {
  const { picked, user } = renderMenu();
  const button = screen.getByRole('button', { name: 'Fruit' });

  button.focus();
  await user.keyboard('{ArrowUp}');
  expect(screen.getByRole('menuitemradio', { name: 'Plum' })).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  expect(button).toHaveFocus();

  await user.click(button);
  expect(screen.getByRole('menu')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  expect(picked).not.toHaveBeenCalled();
});
