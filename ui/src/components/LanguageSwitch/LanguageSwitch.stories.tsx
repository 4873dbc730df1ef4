import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';

const meta = {
  component: LanguageSwitch,
  tags: ['autodocs'],
} satisfies Meta<typeof LanguageSwitch>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The other language than the story's: the switch offers it, and the whole interface follows. */
export const SwitchingLanguage: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const inPolish = globals.locale === 'po';
    const [from, to] = inPolish ? ['Język: PL', 'Language: EN'] : ['Language: EN', 'Język: PL'];
    await userEvent.click(canvas.getByRole('button', { name: from }));
    await expect(
      screen.getByRole('menuitemradio', { name: inPolish ? 'Polski' : 'English' }),
    ).toBeChecked();
    await userEvent.click(
      screen.getByRole('menuitemradio', { name: inPolish ? 'English' : 'Polski' }),
    );
    // The switch itself now speaks the language picked.
    await expect(await canvas.findByRole('button', { name: to })).toBeVisible();
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
