import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { PricingScreen } from './PricingScreen.tsx';

const meta = {
  component: PricingScreen,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof PricingScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Polish groups digits with no-break spaces; compare text with every space made plain. */
const squash = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** Wide screens compare the four plans in one table. */
export const Desktop: Story = {
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ canvas, globals, loaded, userEvent }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('heading', { level: 1, name: t.exact('pricing.title') }),
    ).toBeVisible();
    const table = canvas.getByRole('table', { name: t.exact('pricing.tableCaption') });
    const [header] = within(table).getAllByRole('row');
    await expect(header).toHaveTextContent(
      ['standard', 'premium', 'enterprise', 'agency']
        .map((id) => t(`pricing.plans.${id}.name`))
        .join(''),
    );
    const supply = within(table).getByRole('row', {
      name: new RegExp(`^${t('pricing.limits.maxSupply')}`),
    });
    await expect(squash(supply.textContent)).toContain(
      squash(t('pricing.values.upTo', { value: 1_000_000 }) + t('pricing.values.unlimited')),
    );
    const volume = within(table).getByRole('row', {
      name: new RegExp(`^${t('pricing.limits.dailyVolume')}`),
    });
    await expect(squash(volume.textContent)).toContain(
      squash(t('pricing.values.perDay', { value: 10_000 })),
    );
    // Dedicated support: crosses for Standard and Premium, checks for Enterprise and Agency.
    const support = within(table).getByRole('row', {
      name: new RegExp(`^${t.exact('pricing.features.dedicatedSupport')}`),
    });
    const cells = within(support).getAllByRole('cell');
    await expect(cells.map((cell) => cell.textContent)).toEqual([
      t.exact('pricing.support.notIncluded'),
      t.exact('pricing.support.notIncluded'),
      t.exact('pricing.support.included'),
      t.exact('pricing.support.included'),
    ]);
    const games = within(table).getByRole('row', {
      name: new RegExp(`^${t.exact('pricing.features.games')}`),
    });
    await expect(within(games).getAllByRole('cell').at(-1)).toHaveTextContent(
      t('pricing.support.custom'),
    );
    await expect(canvas.queryByRole('tablist')).not.toBeInTheDocument();

    const plan = t('pricing.plans.premium.name');
    await userEvent.click(
      canvas.getByRole('link', { name: t.exact('pricing.cta.applyFor', { plan }) }),
    );
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
      '/register',
      undefined,
    );
  },
};

/** Below 568px one tab per plan (stand, pre, enter, agency); the table is gone. */
export const MobileTabs: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
    const tabs = canvas.getAllByRole('tab');
    await expect(tabs.map((tab) => tab.textContent)).toEqual(
      ['standard', 'premium', 'enterprise', 'agency'].map((id) => t(`pricing.plans.${id}.name`)),
    );
    await expect(
      canvas.getByRole('heading', { level: 2, name: t.exact('pricing.plans.standard.name') }),
    ).toBeVisible();

    await userEvent.click(
      canvas.getByRole('tab', { name: t.exact('pricing.plans.enterprise.name') }),
    );
    const panel = canvas.getByRole('tabpanel');
    await expect(
      within(panel).getByRole('heading', { name: t.exact('pricing.plans.enterprise.name') }),
    ).toBeVisible();
    await expect(within(panel).getByText(t('pricing.limits.users')).nextSibling).toHaveTextContent(
      '5',
    );
    await expect(
      within(panel).getByRole('link', {
        name: t.exact('pricing.cta.contactFor', { plan: t('pricing.plans.enterprise.name') }),
      }),
    ).toHaveAttribute('href', '/contact');
  },
};

/** The plan FAQ: closed until the visitor opens a question. */
export const FaqItemOpen: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const answer = canvas.getByText(squash(t('pricing.faq.staking.answer', { stake: 1_000_000 })));
    await expect(answer).not.toBeVisible();
    await userEvent.click(canvas.getByText(t('pricing.faq.staking.question')));
    await expect(answer).toBeVisible();
    await expect(answer.closest('details')).toHaveAttribute('open');
  },
};
