import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { Footer } from './Footer.tsx';

const meta = {
  component: Footer,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, canvasElement, globals, loaded, userEvent }) => {
    const t = storyIntl(globals);
    const links = canvas.getByRole('navigation', { name: t.exact('footer.label') });
    await expect(links).toBeVisible();
    await expect(canvas.getByRole('link', { name: t.exact('footer.terms') })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
    await expect(canvas.getByRole('link', { name: t.exact('footer.privacy') })).toHaveAttribute(
      'href',
      '/privacypolicy',
    );
    await expect(canvas.getByRole('link', { name: t.exact('footer.burns') })).toHaveAttribute(
      'href',
      '/burns',
    );
    await expect(canvas.getByRole('link', { name: t.exact('footer.facebook') })).toHaveAttribute(
      'href',
      'https://www.facebook.com/brndplatform',
    );
    for (const id of ['footer.twitter', 'footer.linkedin', 'footer.telegram', 'footer.medium']) {
      await expect(canvas.getByRole('link', { name: t.exact(id) })).toHaveAttribute(
        'href',
        expect.stringMatching(/^https:\/\//),
      );
    }
    // Each icon is a symbol of one SVG file, drawn by <use> once the file is in: every one draws.
    const icons = [...canvasElement.querySelectorAll<SVGUseElement>('footer use')];
    await expect(icons).toHaveLength(5);
    for (const icon of icons) await waitFor(() => expect(icon.getBBox().width).toBeGreaterThan(0));
    await expect(
      canvas.getByText(t('footer.copyright', { year: String(new Date().getFullYear()) })),
    ).toBeVisible();

    await userEvent.click(canvas.getByRole('link', { name: t.exact('footer.pricing') }));
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
      '/pricing',
      undefined,
    );
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('link', { name: t.exact('footer.contact') })).toBeVisible();
  },
};
