import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  siteConfigFixture,
  siteFailingHandlers,
  createSiteOutage,
  siteHandlers,
  siteLoadingHandlers,
} from '@brnd/mocks/site';
import { storyIntl } from '../../testing/story-intl.ts';
import { expectLastUpdated } from '../shared/legal-story-checks.ts';
import { PrivacyPolicyScreen } from './PrivacyPolicyScreen.tsx';

const meta = {
  component: PrivacyPolicyScreen,
  parameters: { layout: 'fullscreen', msw: { handlers: siteHandlers } },
} satisfies Meta<typeof PrivacyPolicyScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const SECTIONS = ['general', 'means', 'cooperators', 'rights', 'cookies', 'final'];

/** Sections 1–6 with both administrators and the inspector from the site configuration. */
export const Default: Story = {
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('heading', { level: 1, name: t.exact('privacy.title') }),
    ).toBeVisible();
    await expectLastUpdated(canvas, globals);

    const contents = await canvas.findByRole('navigation', { name: t.exact('legal.contents') });
    await expect(
      within(contents)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(SECTIONS.map((id) => t.exact(`privacy.${id}.title`)));
    const section = (index: number) =>
      canvas.getByRole('region', {
        name: `${index + 1}. ${t.exact(`privacy.${SECTIONS[index]}.title`)}`,
      });

    const { operator, coAdministrator, dataProtectionEmail } = siteConfigFixture;
    const general = section(0);
    for (const company of [operator, coAdministrator]) {
      await expect(general).toHaveTextContent(company.name);
      await expect(general).toHaveTextContent(company.address);
      await expect(general).toHaveTextContent(company.registryCode);
      await expect(general).toHaveTextContent(company.vatCode);
    }
    // Countries are named in the reader's language.
    await expect(general).toHaveTextContent(globals.locale === 'po' ? 'Polska' : 'Poland');
    await expect(within(general).getByRole('link', { name: dataProtectionEmail })).toHaveAttribute(
      'href',
      `mailto:${dataProtectionEmail}`,
    );

    // The data categories differ by language, as the spec's two texts do.
    const [categories] = within(section(1)).getAllByRole('list');
    const expected =
      globals.locale === 'po'
        ? ['name', 'address', 'email', 'phone', 'biometric']
        : ['brand', 'user'];
    await expect(
      within(categories as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(expected.map((key) => t.exact(`privacy.means.categories.${key}`)));
    await expect(section(1)).toHaveTextContent(t('privacy.means.retention'));
    // Refused brands' papers: the number is the bff's purge rule, quoted.
    await expect(section(1)).toHaveTextContent(t('privacy.means.documents', { days: 90 }));

    await expect(section(3)).toHaveTextContent(t('privacy.rights.breach'));
    await expect(within(section(3)).getByRole('link', { name: dataProtectionEmail })).toBeVisible();
    await expect(section(4)).toHaveTextContent(t('privacy.cookies.session', { days: 2 }));
  },
};

export const ConfigLoading: Story = {
  parameters: { msw: { handlers: siteLoadingHandlers } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('heading', { level: 1, name: t.exact('privacy.title') }),
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
    await expect(canvas.queryByRole('navigation')).not.toBeInTheDocument();
  },
};

const outage = createSiteOutage();

/** The first request fails; after the server is back, Try again shows the policy. */
export const ConfigErrorRetry: Story = {
  beforeEach: () => outage.start(),
  parameters: { msw: { handlers: outage.handlers } },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await canvas.findByRole('alert');
    outage.recover();
    await userEvent.click(canvas.getByRole('button', { name: t.exact('legal.tryAgain') }));
    await expect(
      await canvas.findByRole('navigation', { name: t.exact('legal.contents') }),
    ).toBeVisible();
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};
