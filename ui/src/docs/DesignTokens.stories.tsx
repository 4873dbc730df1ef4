import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { DesignTokens } from './DesignTokens.tsx';

const meta = {
  title: 'Docs/Parts/Design tokens',
  component: DesignTokens,
} satisfies Meta<typeof DesignTokens>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The tokens are read from the stylesheet itself, so the page can't fall behind it. */
export const Live: Story = {
  play: async ({ canvas }) => {
    const colours = await canvas.findByRole('region', { name: 'Colours' });
    await expect(colours).toHaveTextContent('--color-primary');
    await expect(colours).toHaveTextContent('#5b3fd6');
    for (const title of ['Type scale', 'Spacing', 'Radii', 'Shadows']) {
      const section = canvas.getByRole('region', { name: title });
      await expect(section.querySelectorAll('tbody tr').length).toBeGreaterThan(0);
    }
  },
};
