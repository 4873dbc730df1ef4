import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  siteConfigFixture,
  siteFailingHandlers,
  siteHandlers,
  siteLoadingHandlers,
} from '@brnd/mocks/site';
import { storyIntl } from '../../testing/story-intl.ts';
import { expectLastUpdated } from '../shared/legal-story-checks.ts';
import { TermsOfServiceScreen } from './TermsOfServiceScreen.tsx';

const meta = {
  component: TermsOfServiceScreen,
  parameters: { layout: 'fullscreen', msw: { handlers: siteHandlers } },
} satisfies Meta<typeof TermsOfServiceScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The full terms, with the provider's details from the site configuration. */
export const Default: Story = {
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('heading', { level: 1, name: t.exact('terms.title') }),
    ).toBeVisible();
    await expectLastUpdated(canvas, globals);

    const contents = await canvas.findByRole('navigation', { name: t.exact('legal.contents') });
    const links = within(contents).getAllByRole('link');
    await expect(links).toHaveLength(12);
    for (const [index, link] of links.entries()) {
      // Every entry of the contents leads to its numbered section.
      const section = canvas.getByRole('region', { name: `${index + 1}. ${link.textContent}` });
      await expect(link).toHaveAttribute('href', `#${section.id}`);
    }

    const general = canvas.getByRole('region', { name: `1. ${t.exact('terms.general.title')}` });
    const { operator, contactEmail } = siteConfigFixture;
    await expect(general).toHaveTextContent(operator.name);
    await expect(general).toHaveTextContent(operator.registryCode);
    await expect(general).toHaveTextContent(operator.vatCode);
    await expect(within(general).getByRole('link', { name: contactEmail })).toHaveAttribute(
      'href',
      `mailto:${contactEmail}`,
    );

    const brands = canvas.getByRole('region', { name: `5. ${t.exact('terms.brands.title')}` });
    await expect(within(brands).getAllByRole('listitem')).toHaveLength(8);
    await expect(brands).toHaveTextContent(t('terms.brands.p3'));

    // A consumer's rights are stated: withdrawal, the complaint deadline, out-of-court help.
    const sale = canvas.getByRole('region', { name: `7. ${t.exact('terms.sale.title')}` });
    await expect(sale).toHaveTextContent(t('terms.sale.p6', { email: contactEmail }));
    const complaints = canvas.getByRole('region', {
      name: `9. ${t.exact('terms.complaints.title')}`,
    });
    await expect(complaints).toHaveTextContent(t('terms.complaints.p3'));
    await expect(complaints).toHaveTextContent(t('terms.complaints.p4'));
    const liability = canvas.getByRole('region', {
      name: `10. ${t.exact('terms.liability.title')}`,
    });
    await expect(liability).toHaveTextContent(/20[ ,\u00a0]000 euro/);
  },
};

/** The title is there at once; the sections wait for the provider's details. */
export const ConfigLoading: Story = {
  parameters: { msw: { handlers: siteLoadingHandlers } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('heading', { level: 1, name: t.exact('terms.title') }),
    ).toBeVisible();
    await expect(
      canvas.getByText(t('legal.configLoading')).closest('[role="status"]'),
    ).toBeVisible();
  },
};

export const ConfigError: Story = {
  parameters: { msw: { handlers: siteFailingHandlers } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('legal.configError'));
    await expect(canvas.getByRole('button', { name: t.exact('legal.tryAgain') })).toBeEnabled();
    await expect(canvas.queryByRole('navigation')).not.toBeInTheDocument();
  },
};
