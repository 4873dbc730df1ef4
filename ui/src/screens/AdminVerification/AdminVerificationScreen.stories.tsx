import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { decideVerification, verificationQueue } from '@brnd/contracts/api/admin-verification';
import type { VerificationStatus } from '@brnd/contracts/domain/verification';
import { fake } from '@brnd/mocks/handlers';
import { pending, respondWith, serverError } from '@brnd/mocks/scenarios';
import { removeDocumentsOf } from '@brnd/mocks/verification-documents';
import { storyIntl } from '../../testing/story-intl.ts';
import { expectToast } from '../shared/story-helpers.ts';
import { AdminVerificationScreen } from './AdminVerificationScreen.tsx';

const meta = {
  title: 'Screens/Admin/Verification queue',
  component: AdminVerificationScreen,
  parameters: { session: 'operator' },
} satisfies Meta<typeof AdminVerificationScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

type T = ReturnType<typeof storyIntl>;

/** The approval's confirmation for the named request. */
const approveDialog = (t: T, name: string) =>
  screen.findByRole('dialog', {
    name: t.exact('adminVerification.approveConfirm.title', { name }),
  });

async function confirmApprove(
  t: T,
  name: string,
  userEvent: { click(element: Element): Promise<void> },
) {
  const dialog = await approveDialog(t, name);
  await userEvent.click(
    within(dialog).getByRole('button', {
      name: t.exact('adminVerification.approveConfirm.action', { name }),
    }),
  );
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

/** The queue's entry for a request, found by its heading. */
async function itemOf(canvas: Canvas, name: string): Promise<HTMLElement> {
  return canvas.findByRole('article', { name }, { timeout: 5000 });
}

/**
 * The mocks' demo queue, oldest first: a brand past its due time, a brand from an hour ago and a
 * company from the brand account form. Each shows its data, its logo (or that it has none) and
 * which documents of the terms we hold.
 */
export const Queue: Story = {
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const articles = await canvas.findAllByRole('article', {}, { timeout: 5000 });
    await expect(
      articles.map((article) => within(article).getByRole('heading', { level: 3 }).textContent),
    ).toEqual(['Kora Outdoor', 'Nordlys Coffee', 'Baltic Brew sp. z o.o.']);
    await expect(canvas.getByText(t('adminVerification.count', { count: 3 }))).toBeVisible();

    const brand = within(articles[1]!);
    await expect(
      brand.getByRole('img', {
        name: t.exact('adminVerification.logo', { name: 'Nordlys Coffee' }),
      }),
    ).toBeVisible();
    await expect(brand.getByText(t('adminVerification.kinds.brand'))).toBeVisible();
    await expect(brand.getByText('nordlys-coffee.example')).toBeVisible();
    await expect(
      brand.getByText(t('adminVerification.documentsSummary', { held: 4, total: 9 })),
    ).toBeVisible();
    const registry = brand.getByText(t('adminVerification.documents.registryExtract'));
    await expect(registry.closest('li')).toHaveTextContent(t('adminVerification.missing'));
    const logo = brand.getByText(t('adminVerification.documents.logo'));
    await expect(logo.closest('li')).toHaveTextContent(t('adminVerification.held'));

    const company = within(articles[2]!);
    await expect(company.getByText(t('adminVerification.noLogo'))).toBeVisible();
    await expect(company.getByText('PL5842791357')).toBeVisible();
    await expect(
      company.getByRole('button', { name: t.exact('adminVerification.delete') }),
    ).toBeVisible();
    await expect(
      brand.queryByRole('button', { name: t.exact('adminVerification.delete') }),
    ).toBeNull();
  },
};

/** The download button of a held document, named by the document and its file. */
function downloadName(t: ReturnType<typeof storyIntl>, document: string, fileName: string) {
  return t.exact('adminVerification.download', {
    document: t.exact(`adminVerification.documents.${document}`),
    name: fileName,
  });
}

/**
 * Documents the owner uploaded are listed with their file name, size and upload time; the
 * operator downloads one with their session, and the download is written to the audit log.
 */
export const DocumentsHeld: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const item = within(await itemOf(canvas, 'Kora Outdoor'));
    await expect(
      item.getByText(t('adminVerification.documentsSummary', { held: 6, total: 9 })),
    ).toBeVisible();
    const extract = item.getByRole('button', {
      name: downloadName(t, 'registryExtract', 'KRS 0000123456.pdf'),
    });
    await expect(extract).toHaveTextContent('KRS 0000123456.pdf');
    const row = extract.closest('li')!;
    await expect(row).toHaveTextContent(t('adminVerification.held'));
    await expect(row).toHaveTextContent(/\d\s?kB/);
    await expect(
      item.getByRole('button', {
        name: downloadName(t, 'bankAccount', 'Bank statement 2026-10.pdf'),
      }),
    ).toBeVisible();

    await userEvent.click(extract);
    await waitFor(() =>
      expect(fake.auditLog({ action: 'document.download' }).entries[0]).toMatchObject({
        action: 'document.download',
        subject: 'Kora Outdoor',
      }),
    );
    await expect(screen.queryByRole('alert')).toBeNull();
  },
};

/** A request without uploads: every document of the terms that is a file reads as missing. */
export const DocumentsMissing: Story = {
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const item = within(await itemOf(canvas, 'Nordlys Coffee'));
    for (const document of ['registryExtract', 'articles', 'bankAccount', 'identity']) {
      const row = item.getByText(t(`adminVerification.documents.${document}`)).closest('li')!;
      await expect(row).toHaveTextContent(t('adminVerification.missing'));
      await expect(within(row as HTMLElement).queryByRole('button')).toBeNull();
    }
  },
};

/** A document removed meanwhile (its company was deleted): the operator is told, the queue reloads. */
export const DocumentGone: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const name = 'Baltic Brew sp. z o.o.';
    const item = within(await itemOf(canvas, name));
    const extract = item.getByRole('button', {
      name: downloadName(t, 'registryExtract', 'KRS 0000456789.pdf'),
    });
    const company = fake.operatorDesk().companies.find((record) => record.brandName === name);
    removeDocumentsOf(fake, 'company', company!.id);
    await userEvent.click(extract);
    await expectToast(t, 'danger', t('adminVerification.errors.documentNotFound'));
    await waitFor(() =>
      expect(
        within(canvas.getByRole('article', { name })).queryByRole('button', {
          name: downloadName(t, 'registryExtract', 'KRS 0000456789.pdf'),
        }),
      ).toBeNull(),
    );
  },
};

/** Two business days after submission the answer is due; past it, the request is marked. */
export const Overdue: Story = {
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const late = await itemOf(canvas, 'Kora Outdoor');
    await expect(within(late).getByText(t('adminVerification.overdue'))).toBeVisible();
    const recent = await itemOf(canvas, 'Nordlys Coffee');
    await expect(within(recent).queryByText(t('adminVerification.overdue'))).toBeNull();
    await expect(
      within(recent).getByText(new RegExp(t('adminVerification.due', { date: '' }))),
    ).toBeVisible();
  },
};

/** Approving tells the operator the brand was mailed, and the request leaves the queue. */
export const Approve: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const item = await itemOf(canvas, 'Nordlys Coffee');
    await userEvent.click(
      within(item).getByRole('button', { name: t.exact('adminVerification.approve') }),
    );
    const dialog = await approveDialog(t, 'Nordlys Coffee');
    // The missing documents are named, as the item's badges say.
    const missing = within(item).queryAllByText(t('adminVerification.missing')).length;
    await expect(within(dialog).queryAllByRole('listitem')).toHaveLength(missing);
    await expect(dialog).toHaveTextContent(
      missing === 0
        ? t('adminVerification.approveConfirm.allHeld')
        : t('adminVerification.approveConfirm.missing', { count: missing }),
    );
    await confirmApprove(t, 'Nordlys Coffee', userEvent);
    await expectToast(t, 'success', t('adminVerification.approved', { name: 'Nordlys Coffee' }));
    await waitFor(() =>
      expect(canvas.queryByRole('article', { name: 'Nordlys Coffee' })).toBeNull(),
    );
    const mail = fake.outbox().find((message) => message.subject.includes('Nordlys Coffee'));
    await expect(mail?.to).toBe('phone@brnd.example');
  },
};

/** A rejection needs a reason; with one, the brand is told and the request leaves the queue. */
export const RejectNeedsReason: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const item = await itemOf(canvas, 'Kora Outdoor');
    await userEvent.click(
      within(item).getByRole('button', { name: t.exact('adminVerification.reject') }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: t.exact('adminVerification.rejectTitle', { name: 'Kora Outdoor' }),
    });
    const submit = within(dialog).getByRole('button', {
      name: t.exact('adminVerification.confirmReject'),
    });
    const reason = within(dialog).getByLabelText(t('adminVerification.reason'));
    await userEvent.type(reason, '   ');
    await userEvent.click(submit);
    await expect(
      await within(dialog).findByText(t('adminVerification.errors.reasonRequired')),
    ).toBeVisible();
    await expect(reason).toHaveFocus();

    await userEvent.type(reason, 'The trademark certificate is missing.');
    await userEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectToast(t, 'success', t('adminVerification.rejected', { name: 'Kora Outdoor' }));
    await waitFor(() => expect(canvas.queryByRole('article', { name: 'Kora Outdoor' })).toBeNull());
    const mail = fake.outbox().find((message) => message.subject.includes('Kora Outdoor'));
    await expect(mail?.text).toContain('The trademark certificate is missing.');
  },
};

/** Deleting a company's account asks for confirmation, not a reason. */
export const DeleteCompany: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const name = 'Baltic Brew sp. z o.o.';
    const item = await itemOf(canvas, name);
    await userEvent.click(
      within(item).getByRole('button', { name: t.exact('adminVerification.delete') }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: t.exact('adminVerification.deleteTitle', { name }),
    });
    await expect(dialog).toHaveAccessibleDescription(t.exact('adminVerification.deleteText'));
    await userEvent.click(
      within(dialog).getByRole('button', { name: t.exact('adminVerification.confirmDelete') }),
    );
    await expectToast(t, 'success', t('adminVerification.deleted', { name }));
    await waitFor(() => expect(canvas.queryByRole('article', { name })).toBeNull());
  },
};

/**
 * Another operator approves the brand while this one is reading it: this one's click is refused
 * with a clear message, and the queue refreshes without it.
 */
export const Conflict: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const item = await itemOf(canvas, 'Nordlys Coffee');
    const brand = fake.operatorDesk().brands.find((record) => record.name === 'Nordlys Coffee');
    fake.setBrandVerification(brand!.id, 'verified');
    await userEvent.click(
      within(item).getByRole('button', { name: t.exact('adminVerification.approve') }),
    );
    await approveDialog(t, 'Nordlys Coffee');
    await confirmApprove(t, 'Nordlys Coffee', userEvent);
    await expectToast(t, 'danger', t('adminVerification.errors.alreadyDecided'));
    await waitFor(() =>
      expect(canvas.queryByRole('article', { name: 'Nordlys Coffee' })).toBeNull(),
    );
    await expect(canvas.getByRole('article', { name: 'Kora Outdoor' })).toBeVisible();
  },
};

/** Cancel (or Escape) at the approval's confirmation: nothing is decided, nobody is mailed. */
export const ApproveCancelled: Story = {
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const item = await itemOf(canvas, 'Nordlys Coffee');
    const mails = fake.outbox().length;
    const approve = within(item).getByRole('button', {
      name: t.exact('adminVerification.approve'),
    });
    await userEvent.click(approve);
    await approveDialog(t, 'Nordlys Coffee');
    await userEvent.click(screen.getByRole('button', { name: t.exact('common.confirm.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(approve).toHaveFocus());
    await userEvent.click(approve);
    await approveDialog(t, 'Nordlys Coffee');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('article', { name: 'Nordlys Coffee' })).toBeVisible();
    await expect(fake.outbox()).toHaveLength(mails);
  },
};

/** The server fails: the operator is told, and the request stays in the queue. */
export const DecisionFailed: Story = {
  parameters: { msw: { handlers: [serverError(decideVerification)] } },
  play: async ({ canvas, globals, userEvent }) => {
    const t = storyIntl(globals);
    const item = await itemOf(canvas, 'Nordlys Coffee');
    await userEvent.click(
      within(item).getByRole('button', { name: t.exact('adminVerification.approve') }),
    );
    await approveDialog(t, 'Nordlys Coffee');
    await confirmApprove(t, 'Nordlys Coffee', userEvent);
    await expectToast(t, 'danger', t('errors.server'));
    await expect(canvas.getByRole('article', { name: 'Nordlys Coffee' })).toBeVisible();
  },
};

export const EmptyQueue: Story = {
  parameters: { msw: { handlers: [respondWith(verificationQueue, { items: [] })] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('adminVerification.empty'))).toBeVisible();
    await expect(canvas.queryByRole('article')).toBeNull();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pending(verificationQueue)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      t('adminVerification.loading'),
    );
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [serverError(verificationQueue)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('errors.server'))).toBeVisible();
  },
};

/* ---------------------------------------------------------------- decided items and revoking */

type Translate = ReturnType<typeof storyIntl>;
type Context = Parameters<NonNullable<Story['play']>>[0];

/** Opens the list of one status and waits for its items (or its empty text). */
async function openStatus(
  { canvas, userEvent }: Pick<Context, 'canvas' | 'userEvent'>,
  t: Translate,
  status: VerificationStatus,
) {
  await userEvent.click(
    await canvas.findByRole('tab', { name: t.exact(`adminVerification.statuses.${status}`) }),
  );
  await expect(
    canvas.getByRole('tab', { name: t.exact(`adminVerification.statuses.${status}`) }),
  ).toHaveAttribute('aria-selected', 'true');
}

/** The revoke dialog of a verified brand, opened from the Verified list. */
async function openRevokeDialog(context: Context, t: Translate, name: string) {
  await openStatus(context, t, 'verified');
  const item = await itemOf(context.canvas, name);
  await context.userEvent.click(
    within(item).getByRole('button', { name: t.exact('adminVerification.revoke') }),
  );
  return screen.findByRole('dialog', {
    name: t.exact('adminVerification.revokeTitle', { name }),
  });
}

/**
 * The Verified list holds the brands operators let in; a revocation needs the reason the owner
 * will read, then the brand leaves the list and its owner is mailed.
 */
export const RevokeDialog: Story = {
  play: async (context) => {
    const t = storyIntl(context.globals);
    const { userEvent, canvas } = context;
    const dialog = await openRevokeDialog(context, t, 'Vistula Runners');
    await expect(dialog).toHaveAccessibleDescription(
      t('adminVerification.revokeText', { email: 'demo@brnd.example' }),
    );
    const submit = within(dialog).getByRole('button', {
      name: t.exact('adminVerification.confirmRevoke'),
    });
    await userEvent.click(submit);
    await expect(
      await within(dialog).findByText(t('adminVerification.errors.revokeReasonRequired')),
    ).toBeVisible();

    await userEvent.type(
      within(dialog).getByLabelText(t('adminVerification.reason')),
      'Customers report vouchers that were never honoured.',
    );
    await userEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectToast(t, 'success', t('adminVerification.revoked', { name: 'Vistula Runners' }));
    await waitFor(() =>
      expect(canvas.queryByRole('article', { name: 'Vistula Runners' })).toBeNull(),
    );
    const mail = fake.outbox().find((message) => message.subject.includes('Vistula Runners'));
    await expect(mail?.to).toBe('demo@brnd.example');
    await expect(mail?.text).toContain('Customers report vouchers that were never honoured.');
    await expect(fake.auditLog({ action: 'brand.revoke' }).entries[0]?.subject).toBe(
      'Vistula Runners',
    );
  },
};

/**
 * Another operator revoked the brand while this one was writing the reason: the server refuses
 * (409), the operator is told, and the list is refreshed without it.
 */
export const RevokeRefused: Story = {
  play: async (context) => {
    const t = storyIntl(context.globals);
    const { userEvent, canvas } = context;
    const dialog = await openRevokeDialog(context, t, 'Vistula Runners');
    await userEvent.type(
      within(dialog).getByLabelText(t('adminVerification.reason')),
      'Fraud report confirmed.',
    );
    const brand = fake.operatorDesk().brands.find((record) => record.name === 'Vistula Runners');
    fake.setBrandVerification(brand!.id, 'revoked');
    await userEvent.click(
      within(dialog).getByRole('button', { name: t.exact('adminVerification.confirmRevoke') }),
    );
    // The dialog closes first: while it is open, everything behind it is hidden from queries.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectToast(t, 'danger', t('adminVerification.errors.notVerified'));
    await waitFor(() =>
      expect(canvas.queryByRole('article', { name: 'Vistula Runners' })).toBeNull(),
    );
  },
};

/** A revoked brand is listed under Revoked with the reason it was sent, and no more actions. */
export const RevokedItem: Story = {
  play: async (context) => {
    const t = storyIntl(context.globals);
    const { userEvent, canvas } = context;
    await openStatus(context, t, 'revoked');
    await expect(await canvas.findByText(t('adminVerification.emptyStatus.revoked'))).toBeVisible();

    const dialog = await openRevokeDialog(context, t, 'Vistula Runners');
    await userEvent.type(
      within(dialog).getByLabelText(t('adminVerification.reason')),
      'The trademark registration has lapsed.',
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: t.exact('adminVerification.confirmRevoke') }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await openStatus(context, t, 'revoked');
    const item = within(await itemOf(canvas, 'Vistula Runners'));
    await expect(item.getByText(t('adminVerification.statuses.revoked'))).toBeVisible();
    await expect(item.getByText('The trademark registration has lapsed.')).toBeVisible();
    await expect(item.getByText(t('adminVerification.sentReason'))).toBeVisible();
    await expect(canvas.getByText(t('adminVerification.countDecided', { count: 1 }))).toBeVisible();
    await expect(
      item.queryByRole('button', { name: t.exact('adminVerification.revoke') }),
    ).toBeNull();
    await expect(
      item.queryByRole('button', { name: t.exact('adminVerification.approve') }),
    ).toBeNull();
  },
};
