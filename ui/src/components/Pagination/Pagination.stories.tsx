import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';
import { Pagination } from './Pagination.tsx';

const meta = {
  component: Pagination,
  tags: ['autodocs'],
  args: { label: 'Transactions pages', page: 1, pages: 5, onPageChange: fn() },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

const polishArgs = { label: 'Strony transakcji' };

export const MiddlePage: Story = {
  parameters: { polishArgs },
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const nav = canvas.getByRole('navigation', { name: args.label });
    await expect(nav).toHaveTextContent(t('common.pagination.page', { page: 2, pages: 5 }));
    await userEvent.click(canvas.getByRole('button', { name: t.exact('common.pagination.next') }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(2);
    await userEvent.click(
      canvas.getByRole('button', { name: t.exact('common.pagination.previous') }),
    );
    await expect(args.onPageChange).toHaveBeenLastCalledWith(0);
  },
};

export const FirstPage: Story = {
  args: { page: 0 },
  parameters: { polishArgs },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('button', { name: t.exact('common.pagination.previous') }),
    ).toBeDisabled();
    await expect(
      canvas.getByRole('button', { name: t.exact('common.pagination.next') }),
    ).toBeEnabled();
  },
};

export const LastPage: Story = {
  args: { page: 4 },
  parameters: { polishArgs },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('button', { name: t.exact('common.pagination.next') }),
    ).toBeDisabled();
  },
};

/** A page on its way: neither button starts another request. */
export const Loading: Story = {
  args: { busy: true },
  parameters: { polishArgs },
  play: async ({ canvas }) => {
    for (const button of canvas.getAllByRole('button')) await expect(button).toBeDisabled();
  },
};

/** Everything fits one page: no pagination at all. */
export const OnePage: Story = {
  args: { pages: 1, page: 0 },
  parameters: { polishArgs },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};
