import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { referrals, type Referral } from '@brnd/contracts/api/referrals';
import { INTL_LOCALE } from '@brnd/contracts/domain/constants';
import { respondWith, serverError } from '@brnd/mocks/scenarios';
import { DEMO_REFERRAL_CODE } from '@brnd/mocks/seed';
import { storyIntl } from '../../testing/story-intl.ts';
import { STORY_ORIGIN } from '../../testing/story-recorders.ts';
import { expectFieldError, expectToast } from '../shared/story-helpers.ts';
import { ReferralsScreen } from './ReferralsScreen.tsx';

const meta = {
  title: 'Screens/Referrals',
  component: ReferralsScreen,
  // The mocks' demo user has three links with counts (DEMOBRND, DEMOBRND-ico, DEMOBRND-vote).
  parameters: { session: 'demo' },
} satisfies Meta<typeof ReferralsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A cell showing `value` as the story's language writes it (thousands separators per language;
 * Polish groups with a no-break space, which the comparison treats as a space).
 */
function numberCell(row: HTMLElement, globals: Record<string, unknown>, value: number) {
  const space = (text: string) => text.replace(/\s/gu, ' ');
  const expected = space(
    new Intl.NumberFormat(INTL_LOCALE[globals.locale === 'po' ? 'po' : 'en']).format(value),
  );
  return within(row).getByText((_, element) =>
    element?.tagName === 'TD' ? space(element.textContent ?? '') === expected : false,
  );
}

const link = (code: string) => `${STORY_ORIGIN}/ref/${code}`;

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

const bigRows: Referral[] = [
  {
    code: 'ANNA7F3K',
    description: 'Main link',
    clicks: 1_250_400,
    signups: 12_034,
    tokens: 120_340,
    archived: false,
  },
  {
    code: 'ANNA7F3K-ico',
    description: '',
    clicks: 45_210,
    signups: 310,
    tokens: 98_765.4,
    archived: false,
  },
];

/** Several links: each row's link, description and counts, numbers grouped per language. */
export const SeveralLinks: Story = {
  parameters: { msw: { handlers: [respondWith(referrals, { orders: { rows: bigRows } })] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('referrals.banner.title'))).toBeVisible();
    const table = await canvas.findByRole('table', { name: t.exact('referrals.table.caption') });
    const rows = within(table).getAllByRole('row');
    await expect(rows).toHaveLength(3);
    const [, first, second] = rows as [HTMLElement, HTMLElement, HTMLElement];
    await expect(within(first).getByText(link('ANNA7F3K'))).toBeVisible();
    await expect(within(first).getByText('Main link')).toBeVisible();
    await expect(numberCell(first, globals, 1_250_400)).toBeVisible();
    await expect(numberCell(first, globals, 12_034)).toBeVisible();
    await expect(numberCell(first, globals, 120_340)).toBeVisible();
    await expect(within(second).getByText(t('referrals.table.noDescription'))).toBeVisible();
    // Tokens are whole numbers.
    await expect(numberCell(second, globals, 98_765)).toBeVisible();
  },
};

/** No links yet: the banner, the way to add one, and no table. */
export const NoLinks: Story = {
  parameters: { msw: { handlers: [respondWith(referrals, { orders: { rows: [] } })] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('referrals.empty'))).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(canvas.getByRole('button', { name: t.exact('referrals.addLink') })).toBeEnabled();
  },
};

/** The list cannot be read: referrals.fetchFailed and a way to try again. */
export const FetchFailed: Story = {
  parameters: { msw: { handlers: [serverError(referrals)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('referrals.fetchFailed'));
    await expect(canvas.getByRole('button', { name: t.exact('referrals.retry') })).toBeVisible();
  },
};

/** Copying a link puts {host}/ref/{code} on the clipboard and says 'Successfully Copied!'. */
export const CopyLink: Story = {
  beforeEach: () =>
    stubClipboard(async (text) => {
      copied.push(text);
    }),
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const code = `${DEMO_REFERRAL_CODE}-ico`;
    await userEvent.click(
      await canvas.findByRole('button', { name: t.exact('referrals.copy', { code }) }),
    );
    await expect(await canvas.findByText(t('referrals.copied'))).toBeVisible();
    await expect(copied).toEqual([link(code)]);
  },
};

/** The browser refuses the clipboard: the user is told to copy by hand. */
export const CopyRefused: Story = {
  beforeEach: () =>
    stubClipboard(() => Promise.reject(new DOMException('Denied', 'NotAllowedError'))),
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(
      await canvas.findByRole('button', {
        name: t.exact('referrals.copy', { code: DEMO_REFERRAL_CODE }),
      }),
    );
    await expect(await canvas.findByText(t('referrals.copyFailed'))).toBeVisible();
  },
};

/** Editing a description: the dialog saves it, says so, and the table shows it. */
export const EditDescription: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await userEvent.click(
      await canvas.findByRole('button', {
        name: t.exact('referrals.edit', { code: DEMO_REFERRAL_CODE }),
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: t.exact('referrals.editTitle') });
    const field = within(dialog).getByLabelText(t('referrals.descriptionLabel'));
    await expect(field).toHaveValue('Main link');
    await userEvent.clear(field);
    await userEvent.type(field, 'Instagram bio');
    await userEvent.click(within(dialog).getByRole('button', { name: t.exact('referrals.save') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectToast(t, 'success', t('referrals.descriptionUpdated'));
    await expect(await canvas.findByText('Instagram bio')).toBeVisible();
  },
};

/** 'Add a new link' creates one with its description and target; it joins the table. */
export const CreateLink: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const table = await canvas.findByRole('table');
    await expect(within(table).getAllByRole('row')).toHaveLength(4);
    await userEvent.click(canvas.getByRole('button', { name: t.exact('referrals.addLink') }));
    const dialog = await screen.findByRole('dialog', { name: t.exact('referrals.createTitle') });
    await userEvent.type(
      within(dialog).getByLabelText(t('referrals.descriptionLabel')),
      'Telegram group',
    );
    await userEvent.click(
      within(dialog).getByRole('radio', { name: t.exact('referrals.targets.ico') }),
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: t.exact('referrals.create') }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectToast(t, 'success', t('referrals.created'));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    const added = within(table).getByText('Telegram group').closest('tr') as HTMLElement;
    await expect(
      within(added).getByText(new RegExp(`/ref/${DEMO_REFERRAL_CODE}-ICO[A-Z2-9]{5}$`)),
    ).toBeVisible();
  },
};

/** A description over 200 characters is refused in the dialog; nothing is created. */
export const CreateTooLong: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await expect(within(await canvas.findByRole('table')).getAllByRole('row')).toHaveLength(4);
    await userEvent.click(canvas.getByRole('button', { name: t.exact('referrals.addLink') }));
    const dialog = await screen.findByRole('dialog', { name: t.exact('referrals.createTitle') });
    const field = within(dialog).getByLabelText(t('referrals.descriptionLabel'));
    await userEvent.click(field);
    await userEvent.paste('x'.repeat(201));
    await userEvent.click(
      within(dialog).getByRole('button', { name: t.exact('referrals.create') }),
    );
    await expectFieldError(
      within(dialog) as never,
      t('referrals.descriptionLabel'),
      t('referrals.validation.description'),
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: t.exact('referrals.cancel') }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(within(canvas.getByRole('table')).getAllByRole('row')).toHaveLength(4);
  },
};

/** A link without a description is refused in the dialog (the server refuses it too). */
export const CreateWithoutDescription: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    await expect(within(await canvas.findByRole('table')).getAllByRole('row')).toHaveLength(4);
    await userEvent.click(canvas.getByRole('button', { name: t.exact('referrals.addLink') }));
    const dialog = await screen.findByRole('dialog', { name: t.exact('referrals.createTitle') });
    await userEvent.type(within(dialog).getByLabelText(t('referrals.descriptionLabel')), '   ');
    await userEvent.click(
      within(dialog).getByRole('button', { name: t.exact('referrals.create') }),
    );
    await expectFieldError(
      within(dialog) as never,
      t('referrals.descriptionLabel'),
      t('referrals.validation.descriptionRequired'),
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: t.exact('referrals.cancel') }),
    );
    await expect(within(canvas.getByRole('table')).getAllByRole('row')).toHaveLength(4);
  },
};

/**
 * Archiving a link that brought people: the account's own link offers neither action, a link
 * with sign-ups no Delete; once confirmed, the row stays with its figures, marked archived.
 */
export const ArchiveLink: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const code = `${DEMO_REFERRAL_CODE}-ico`;
    const table = await canvas.findByRole('table');
    const button = (id: string, of: string) =>
      within(table).queryByRole('button', { name: t.exact(id, { code: of }) });
    await expect(button('referrals.archive', DEMO_REFERRAL_CODE)).toBeNull();
    await expect(button('referrals.delete', DEMO_REFERRAL_CODE)).toBeNull();
    await expect(button('referrals.delete', code)).toBeNull();
    await userEvent.click(button('referrals.archive', code)!);
    const dialog = await screen.findByRole('dialog', { name: t.exact('referrals.archiveTitle') });
    await expect(within(dialog).getByText(t('referrals.archiveText'))).toBeVisible();
    await userEvent.click(
      within(dialog).getByRole('button', { name: t.exact('referrals.archiveConfirm') }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectToast(t, 'success', t('referrals.archived'));
    const row = within(table).getByText('ICO newsletter').closest('tr') as HTMLElement;
    await expect(await within(row).findByText(t('referrals.archivedBadge'))).toBeVisible();
    await expect(button('referrals.archive', code)).toBeNull();
    await expect(within(table).getAllByRole('row')).toHaveLength(4);
  },
};

/** A new link that brought no one can be deleted: it leaves the table. */
export const DeleteLink: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const table = await canvas.findByRole('table');
    await userEvent.click(canvas.getByRole('button', { name: t.exact('referrals.addLink') }));
    const create = await screen.findByRole('dialog', { name: t.exact('referrals.createTitle') });
    await userEvent.type(within(create).getByLabelText(t('referrals.descriptionLabel')), 'Spare');
    await userEvent.click(
      within(create).getByRole('button', { name: t.exact('referrals.create') }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    const added = (await within(table).findByText('Spare')).closest('tr') as HTMLElement;
    await userEvent.click(
      within(added).getByRole('button', { name: new RegExp(t('referrals.delete', { code: '' })) }),
    );
    const dialog = await screen.findByRole('dialog', { name: t.exact('referrals.deleteTitle') });
    await expect(within(dialog).getByText(t('common.confirm.cannotUndo'))).toBeVisible();
    await userEvent.click(
      within(dialog).getByRole('button', { name: t.exact('referrals.deleteConfirm') }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectToast(t, 'success', t('referrals.deleted'));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    await expect(within(table).queryByText('Spare')).toBeNull();
  },
};
