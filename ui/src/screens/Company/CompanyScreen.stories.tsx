import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { http, HttpResponse } from 'msw';
import {
  DEMO_JOB_BOARD_PATH,
  jobBoardScriptHandlers,
  siteConfigFixture,
  siteFailingHandlers,
  siteHandlers,
  siteHandlersFor,
  siteLoadingHandlers,
} from '@brnd/mocks/site';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { CompanyScreen } from './CompanyScreen.tsx';

const meta = {
  component: CompanyScreen,
  parameters: { layout: 'fullscreen', msw: { handlers: siteHandlers } },
} satisfies Meta<typeof CompanyScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const { jobs, operator, contactEmail } = siteConfigFixture;
const jobTitle = (index: number, locale: unknown) =>
  locale === 'po' ? jobs[index]?.title.pl : jobs[index]?.title.en;

/** No job board configured: the readable list from the configuration, three jobs first. */
export const Default: Story = {
  play: async ({ canvas, globals, loaded, userEvent }) => {
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('heading', { level: 1, name: t.exact('company.title') }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('heading', { name: t.exact('company.vision.title') }),
    ).toBeVisible();

    const team = canvas.getByRole('region', { name: t.exact('company.team.title') });
    await expect(within(team).getAllByRole('heading', { level: 3 })).toHaveLength(9);
    const name = 'Kaspar Tamm';
    await expect(within(team).getByText(t('company.team.roles.cto'))).toBeVisible();
    for (const network of ['facebook', 'twitter', 'linkedin']) {
      await expect(
        within(team).getByRole('link', { name: t.exact(`company.team.${network}`, { name }) }),
      ).toHaveAttribute('href', expect.stringContaining('kaspar'));
    }

    const office = await canvas.findByRole('region', { name: t.exact('company.office.title') });
    await expect(office).toHaveTextContent(operator.address);
    await expect(within(office).getByRole('link', { name: contactEmail })).toHaveAttribute(
      'href',
      `mailto:${contactEmail}`,
    );

    const board = canvas.getByRole('region', { name: t.exact('company.jobs.title') });
    await expect(within(board).getAllByRole('heading', { level: 3 })).toHaveLength(3);
    await expect(
      within(board).getByRole('heading', { name: jobTitle(0, globals.locale) }),
    ).toBeVisible();
    await expect(
      within(board).getByRole('button', { name: t.exact('company.jobs.seeAll') }),
    ).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(canvas.getByRole('link', { name: t.exact('company.faq.link') }));
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
      '/faq',
      undefined,
    );
  },
};

/** SEE ALL JOBS shows every job and turns into the way back to three. */
export const JobsExpanded: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const board = await canvas.findByRole('region', { name: t.exact('company.jobs.title') });
    await userEvent.click(
      within(board).getByRole('button', { name: t.exact('company.jobs.seeAll') }),
    );
    await expect(within(board).getAllByRole('heading', { level: 3 })).toHaveLength(jobs.length);
    const last = jobTitle(jobs.length - 1, globals.locale) ?? '';
    await expect(within(board).getByRole('heading', { name: last })).toBeVisible();
    await expect(
      within(board).getByRole('link', { name: t.exact('company.jobs.applyFor', { title: last }) }),
    ).toHaveAttribute('href', jobs.at(-1)?.applyUrl);
    const toggle = within(board).getByRole('button', { name: t.exact('company.jobs.seeFewer') });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toBe(
      within(board).getByRole('list'),
    );
  },
};

/** A configured job board draws itself into its container; the fallback list stays away. */
export const JobBoardEmbed: Story = {
  parameters: {
    msw: {
      handlers: [
        ...siteHandlersFor({
          ...siteConfigFixture,
          jobBoardScriptUrl: new URL(DEMO_JOB_BOARD_PATH, window.location.origin).href,
        }),
        ...jobBoardScriptHandlers,
      ],
    },
  },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const board = await canvas.findByRole('region', { name: t.exact('company.jobs.title') });
    await waitFor(() =>
      expect(within(board).getByRole('link', { name: jobs[0]?.title.en })).toBeVisible(),
    );
    await expect(board.querySelector('[data-job-board="demo"]')).not.toBeNull();
    await expect(within(board).queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
    await expect(within(board).queryByText(t('company.jobs.loading'))).not.toBeInTheDocument();
  },
};

/** The job board's script cannot load: the visitor still gets the readable list. */
export const JobBoardUnavailable: Story = {
  parameters: {
    msw: {
      handlers: [
        ...siteHandlersFor({
          ...siteConfigFixture,
          jobBoardScriptUrl: new URL(DEMO_JOB_BOARD_PATH, window.location.origin).href,
        }),
        http.get(`*${DEMO_JOB_BOARD_PATH}`, () => new HttpResponse(null, { status: 404 })),
      ],
    },
  },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const board = await canvas.findByRole('region', { name: t.exact('company.jobs.title') });
    await expect(
      await within(board).findByRole('heading', { name: jobTitle(0, globals.locale) }),
    ).toBeVisible();
    await expect(
      within(board).getByRole('button', { name: t.exact('company.jobs.seeAll') }),
    ).toBeVisible();
  },
};

/** Vision, team and the FAQ link need no configuration; office and jobs wait for it. */
export const ConfigLoading: Story = {
  parameters: { msw: { handlers: siteLoadingHandlers } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('region', { name: t.exact('company.team.title') })).toBeVisible();
    await expect(
      canvas.getByText(t('legal.configLoading')).closest('[role="status"]'),
    ).toBeVisible();
    await expect(
      canvas.queryByRole('region', { name: t.exact('company.jobs.title') }),
    ).not.toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: t.exact('company.faq.link') })).toBeVisible();
  },
};

export const ConfigError: Story = {
  parameters: { msw: { handlers: siteFailingHandlers } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('legal.configError'));
    await expect(canvas.getByRole('button', { name: t.exact('legal.tryAgain') })).toBeEnabled();
    await expect(canvas.getByRole('region', { name: t.exact('company.team.title') })).toBeVisible();
  },
};
