import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { expect, test } from 'vitest';
import { renderWithProviders } from '../../testing/render.tsx';
import { sampleTransactions } from './transactions-fixtures.ts';
import { TRANSACTIONS_PER_PAGE, TransactionsView } from './TransactionsView.tsx';

const ALL = sampleTransactions(12);

/** Slices the list the way the server does for limit/offset. */
function PagedList() {
  const [page, setPage] = useState(0);
  const start = page * TRANSACTIONS_PER_PAGE;
  return (
    <TransactionsView
      transactions={ALL.slice(start, start + TRANSACTIONS_PER_PAGE)}
      count={ALL.length}
      page={page}
      onPageChange={setPage}
    />
  );
}

function tokenCells() {
  const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
  return rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent);
}

test('user can page through twelve transactions five at a time', async () => {
  const { user } = renderWithProviders(<PagedList />);
  const previous = screen.getByRole('button', { name: 'Previous' });
  const next = screen.getByRole('button', { name: 'Next' });

  expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  expect(tokenCells()).toEqual(['250,000', '500,000', '750,000', '1,000,000', '1,250,000']);
  expect(previous).toBeDisabled();

  await user.click(next);
  expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  expect(tokenCells()).toEqual(['1,500,000', '1,750,000', '2,000,000', '2,250,000', '2,500,000']);

  await user.click(next);
  expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
  expect(tokenCells()).toEqual(['2,750,000', '3,000,000']);
  expect(next).toBeDisabled();

  await user.click(previous);
  expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
});

test('user sees no pagination when everything fits on one page', () => {
  renderWithProviders(
    <TransactionsView transactions={ALL.slice(0, 5)} count={5} page={0} onPageChange={() => {}} />,
  );
  expect(screen.getAllByRole('row')).toHaveLength(6);
  expect(screen.queryByRole('navigation', { name: 'Transactions pages' })).not.toBeInTheDocument();
});

test('user reads token counts with Polish thousands separators', () => {
  renderWithProviders(
    <TransactionsView transactions={ALL.slice(3, 4)} count={1} page={0} onPageChange={() => {}} />,
    { language: 'po' },
  );
  expect(tokenCells()).toEqual(['1\u00a0000\u00a0000']);
  expect(screen.getByText('Wypłata do portfela')).toBeInTheDocument();
});
