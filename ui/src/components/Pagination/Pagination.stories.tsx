import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { polish } from '../../testing/polish.ts';
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
  play: async ({ args, canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const nav = canvas.getByRole('navigation', { name: args.label });
    await expect(nav).toHaveTextContent(t('common.pagination.page', { page: 2, pages: 5 }));
    await userEvent.click(canvas.getByRole('button', { name: t('common.pagination.next') }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(2);
    await userEvent.click(canvas.getByRole('button', { name: t('common.pagination.previous') }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(0);
  },
};
export const MiddlePagePolish = polish(MiddlePage, polishArgs);

export const FirstPage: Story = {
  args: { page: 0 },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('button', { name: t('common.pagination.previous') }),
    ).toBeDisabled();
    await expect(canvas.getByRole('button', { name: t('common.pagination.next') })).toBeEnabled();
  },
};
export const FirstPagePolish = polish(FirstPage, polishArgs);

export const LastPage: Story = {
  args: { page: 4 },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('button', { name: t('common.pagination.next') })).toBeDisabled();
  },
};
export const LastPagePolish = polish(LastPage, polishArgs);

/** A page on its way: neither button starts another request. */
export const Loading: Story = {
  args: { busy: true },
  play: async ({ canvas }) => {
    for (const button of canvas.getAllByRole('button')) await expect(button).toBeDisabled();
  },
};
export const LoadingPolish = polish(Loading, polishArgs);

/** Everything fits one page: no pagination at all. */
export const OnePage: Story = {
  args: { pages: 1, page: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};
export const OnePagePolish = polish(OnePage, polishArgs);
