import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { polish } from '../../testing/polish.ts';
import { storyIntl } from '../../testing/story-intl.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';

const meta = {
  component: LanguageSwitch,
  tags: ['autodocs'],
} satisfies Meta<typeof LanguageSwitch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SwitchingToPolish: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Language: EN' }));
    await expect(screen.getByRole('menuitemradio', { name: 'English' })).toBeChecked();
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Polski' }));
    // The whole interface follows: the switch itself now speaks Polish.
    await expect(await canvas.findByRole('button', { name: 'Język: PL' })).toBeVisible();
  },
};

export const SwitchingToEnglish: Story = {
  globals: { locale: 'po' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Język: PL' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'English' }));
    await expect(await canvas.findByRole('button', { name: 'Language: EN' })).toBeVisible();
  },
};

export const Open: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(canvas.getByRole('button', { name: new RegExp(t('language.label')) }));
    await expect(screen.getByRole('menu')).toBeVisible();
    await expect(screen.getAllByRole('menuitemradio')).toHaveLength(2);
    await userEvent.keyboard('{Escape}');
    await expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  },
};
export const OpenPolish = polish(Open);
