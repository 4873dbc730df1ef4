import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';
import { STORY_ORIGIN } from '../../testing/story-recorders.ts';
import { SuccessScreen } from './SuccessScreen.tsx';

const meta = {
  title: 'Screens/Success',
  component: SuccessScreen,
} satisfies Meta<typeof SuccessScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** What the stubbed clipboard received in the running story. */
const copied: string[] = [];

/** Headless Chromium has no clipboard permission: each story decides what writing does. */
function stubClipboard(writeText: (text: string) => Promise<void>) {
  copied.length = 0;
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  return () => {
    delete (navigator as { clipboard?: unknown }).clipboard;
  };
}

/** /success?indivi_code=…: the link is shown and copied; the confirmation says so. */
export const Individual: Story = {
  args: { individualCode: 'anna-7f3k' },
  beforeEach: () =>
    stubClipboard(async (text) => {
      copied.push(text);
    }),
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const link = `${STORY_ORIGIN}/ref/anna-7f3k`;
    // The account is ready: the page says so and offers signing in first.
    await expect(canvas.getByText(t('accounts.success.confirmed'))).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: t.exact('accounts.common.toLogin') }),
    ).toHaveAttribute('href', '/login');
    await expect(canvas.getByLabelText(t('accounts.success.linkLabel'))).toHaveValue(link);
    await userEvent.click(canvas.getByRole('button', { name: t.exact('accounts.success.copy') }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(t('accounts.success.copied'));
    await expect(copied).toEqual([link]);
  },
};

/** /success?brand_code=…: the brand's text about verification. */
export const Brand: Story = {
  args: { brandCode: 'acme-brand' },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByText(t('accounts.success.brandText'))).toBeVisible();
    // A brand registered by its company has no login to go to.
    await expect(
      canvas.queryByRole('link', { name: t.exact('accounts.common.toLogin') }),
    ).toBeNull();
    await expect(canvas.getByLabelText(t('accounts.success.linkLabel'))).toHaveValue(
      `${STORY_ORIGIN}/ref/acme-brand`,
    );
  },
};

/** The clipboard refused (no permission): the user is told to copy by hand. */
export const CopyRefused: Story = {
  args: { individualCode: 'anna-7f3k' },
  beforeEach: () =>
    stubClipboard(() => Promise.reject(new DOMException('Denied', 'NotAllowedError'))),
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(canvas.getByRole('button', { name: t.exact('accounts.success.copy') }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      t('accounts.success.copyFailed'),
    );
  },
};

/** /success without a code: nothing to share, the way on is still there. */
export const WithoutCode: Story = {
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByText(t('accounts.success.noCode'))).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: t.exact('accounts.common.contactUs') }),
    ).toBeVisible();
  },
};
