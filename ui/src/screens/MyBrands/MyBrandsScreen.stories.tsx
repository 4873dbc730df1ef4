import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { myBrands } from '@brnd/contracts/api/brands';
import type { RefusedStatus } from '@brnd/contracts/domain/verification';
import { fake } from '@brnd/mocks/handlers';
import { refuseBrand, resubmitRefused } from '@brnd/mocks/admin-scenarios';
import { pending, respondWith, serverError } from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { expectApart, expectFitsPhone, expectToast, PHONE } from '../shared/story-helpers.ts';
import { brandRow } from '../shared/voting-fixtures.ts';
import { MyBrandsScreen } from './MyBrandsScreen.tsx';

const meta = {
  title: 'Screens/MyBrands/Screen',
  component: MyBrandsScreen,
  parameters: { session: 'demo' },
} satisfies Meta<typeof MyBrandsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The demo user's own brand, with its votes and a link to its page. */
export const List: Story = {
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const list = await canvas.findByRole('list', { name: t.exact('brands.mine.title') });
    const link = within(list).getByRole('link', { name: 'Vistula Runners' });
    await expect(link).toHaveAttribute('href', expect.stringMatching(/^\/brand\/\d+$/));
    await expect(canvas.getByRole('link', { name: t.exact('brands.mine.add') })).toHaveAttribute(
      'href',
      '/user/mybrands/addbrand',
    );
  },
};

/**
 * Each brand the user registered says where its verification stands; one they only referred
 * from the voting page says nothing (it is not theirs to verify).
 */
export const VerificationStatuses: Story = {
  parameters: {
    msw: {
      handlers: [
        respondWith(myBrands, {
          brands: {
            rows: [
              {
                ...brandRow(1, { name: 'Waiting Brand' }),
                verification_status: 'pending',
                verification_reason: null,
              },
              {
                ...brandRow(2, { name: 'Approved Brand' }),
                verification_status: 'verified',
                verification_reason: null,
              },
              {
                ...brandRow(3, { name: 'Refused Brand' }),
                verification_status: 'rejected',
                verification_reason: 'The registry extract is missing.',
              },
              {
                ...brandRow(4, { name: 'Referred Brand' }),
                verification_status: null,
                verification_reason: null,
              },
              {
                ...brandRow(5, { name: 'Withdrawn Brand' }),
                verification_status: 'revoked',
                verification_reason: 'Vouchers were not honoured.',
              },
            ],
          },
        }),
      ],
    },
  },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    const row = async (name: string) =>
      (await canvas.findByRole('link', { name })).closest('li') as HTMLElement;
    await expect(await row('Waiting Brand')).toHaveTextContent(
      t('brands.mine.verification.pending'),
    );
    await expect(await row('Approved Brand')).toHaveTextContent(
      t('brands.mine.verification.verified'),
    );
    await expect(await row('Refused Brand')).toHaveTextContent(
      t('brands.mine.verification.rejected'),
    );
    await expect(await row('Refused Brand')).toHaveTextContent(
      t('brands.mine.reason', { reason: 'The registry extract is missing.' }),
    );
    await expect(await row('Withdrawn Brand')).toHaveTextContent(
      t('brands.mine.verification.revoked'),
    );
    await expect(await row('Withdrawn Brand')).toHaveTextContent(
      t('brands.mine.reason', { reason: 'Vouchers were not honoured.' }),
    );
    // Only a refused or withdrawn brand may be sent again.
    for (const name of ['Waiting Brand', 'Approved Brand', 'Referred Brand']) {
      await expect(
        canvas.queryByRole('button', {
          name: t.exact('brands.resubmit.openLabel', { brand: name }),
        }),
      ).toBeNull();
    }
    const referred = await row('Referred Brand');
    for (const status of ['pending', 'verified', 'rejected', 'revoked']) {
      await expect(referred).not.toHaveTextContent(t(`brands.mine.verification.${status}`));
    }
    // An owned brand opens its token console (which explains a pending verification).
    for (const [name, id] of [
      ['Approved Brand', 2],
      ['Waiting Brand', 1],
    ] as const) {
      await expect(
        canvas.getByRole('link', {
          name: t.exact('brandTokens.console.linkLabel', { brand: name }),
        }),
      ).toHaveAttribute('href', `/user/brands/${id}`);
    }
    await expect(
      within(referred).queryByRole('link', {
        name: t.exact('brandTokens.console.linkLabel', { brand: 'Referred Brand' }),
      }),
    ).toBeNull();
  },
};

/** On a phone each brand's verification badge stays clear of its name, inside the screen. */
export const StatusesOnPhone: Story = {
  ...VerificationStatuses,
  globals: PHONE,
  play: async ({ canvas, canvasElement, globals }) => {
    const t = storyIntl(globals);
    for (const [name, status] of [
      ['Waiting Brand', 'pending'],
      ['Approved Brand', 'verified'],
      ['Refused Brand', 'rejected'],
      ['Withdrawn Brand', 'revoked'],
    ] as const) {
      const link = await canvas.findByRole('link', { name });
      const row = within(link.closest('li') as HTMLElement);
      await expectApart(link, row.getByText(t(`brands.mine.verification.${status}`)));
    }
    await expectFitsPhone(canvasElement);
  },
};

/** Long names are cut like on the voting page. */
export const LongName: Story = {
  parameters: {
    msw: {
      handlers: [
        respondWith(myBrands, {
          brands: {
            rows: [
              {
                ...brandRow(3, { name: 'A Brand With A Remarkably Long Name', votes: null }),
                verification_status: null,
                verification_reason: null,
              },
            ],
          },
        }),
      ],
    },
  },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(
      await canvas.findByRole('link', { name: 'A Brand With A Remarkabl…' }),
    ).toBeVisible();
    await expect(canvas.getByText(t('brands.mine.votes', { votes: 0 }))).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [respondWith(myBrands, { brands: { rows: [] } })] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('brands.mine.empty'))).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [pending(myBrands)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByText(t('brands.mine.loading'))).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [serverError(myBrands)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('brands.mine.error'));
  },
};

/* ---------------------------------------------------------------- documents sent later */

type Context = Parameters<NonNullable<Story['play']>>[0];

/** The demo user's brand, back in the operators' queue. */
function demoBrandWaits() {
  const brand = fake.operatorDesk().brands.find((record) => record.name === 'Vistula Runners');
  fake.setBrandVerification(brand!.id, 'pending');
}

/** Opens the documents dialog of the waiting brand. */
async function openDocuments({ canvas, userEvent, globals }: Context) {
  const t = storyIntl(globals);
  await userEvent.click(
    await canvas.findByRole('button', {
      name: t.exact('brands.documents.openLabel', { brand: 'Vistula Runners' }),
    }),
  );
  const dialog = await screen.findByRole('dialog', {
    name: t.exact('brands.documents.dialogTitle', { brand: 'Vistula Runners' }),
  });
  // The form appears once the documents sent so far are known.
  await within(dialog).findByRole('button', { name: t.exact('brands.documents.submit') });
  return within(dialog);
}

function documentInput(
  dialog: ReturnType<typeof within>,
  t: ReturnType<typeof storyIntl>,
  kind: string,
) {
  return dialog.getByLabelText(t(`brands.documents.kinds.${kind}`), {
    exact: false,
    selector: 'input',
  });
}

const PDF = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');

/**
 * While the brand waits for verification, its owner sends a document they lacked; the dialog
 * then says it was sent, and the operators' queue holds it.
 */
export const DocumentsSentLater: Story = {
  beforeEach: demoBrandWaits,
  play: async (context) => {
    const t = storyIntl(context.globals);
    const dialog = await openDocuments(context);
    await context.userEvent.click(
      dialog.getByRole('button', { name: t.exact('brands.documents.submit') }),
    );
    await expect(await dialog.findByText(t('uploads.documentRequired'))).toBeVisible();

    await context.userEvent.upload(
      documentInput(dialog, t, 'registryExtract'),
      new File([PDF], 'KRS 0000999888.pdf', { type: 'application/pdf' }),
    );
    await context.userEvent.click(
      dialog.getByRole('button', { name: t.exact('brands.documents.submit') }),
    );
    await expect(
      await dialog.findByText(
        t('brands.documents.sent', { name: 'KRS 0000999888.pdf', size: '1 KB' }),
      ),
    ).toBeVisible();
    await expect(dialog.queryByText(t('uploads.documentRequired'))).toBeNull();
    await context.userEvent.click(
      dialog.getByRole('button', { name: t.exact('brands.documents.close') }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectToast(t, 'success', t('brands.documents.uploaded'));
  },
};

/** A file that only claims to be a PDF is refused by the server under its field. */
export const DocumentSentLaterRefused: Story = {
  beforeEach: demoBrandWaits,
  play: async (context) => {
    const t = storyIntl(context.globals);
    const dialog = await openDocuments(context);
    const input = documentInput(dialog, t, 'identity');
    await context.userEvent.upload(
      input,
      new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00])], 'passport.pdf', {
        type: 'application/pdf',
      }),
    );
    await context.userEvent.click(
      dialog.getByRole('button', { name: t.exact('brands.documents.submit') }),
    );
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    await expect(input).toHaveAccessibleDescription(t.exact('uploads.documentType'));
  },
};

/** Only a brand still waiting offers its documents: a verified one does not. */
export const NoDocumentsOnceVerified: Story = {
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await canvas.findByRole('link', { name: 'Vistula Runners' });
    await expect(
      canvas.queryByRole('button', {
        name: t.exact('brands.documents.openLabel', { brand: 'Vistula Runners' }),
      }),
    ).toBeNull();
  },
};

/* ---------------------------------------------------------------- sent for verification again */

const REJECTED_REASON = 'The registry extract is missing.';
const REVOKED_REASON = 'Vouchers were not honoured.';

/** The demo user's brand, refused (or withdrawn) by an operator with a reason. */
function demoBrandRefused(status: RefusedStatus, reason: string) {
  return () => {
    const brand = fake.operatorDesk().brands.find((record) => record.name === 'Vistula Runners');
    refuseBrand(fake, brand!.id, status, reason);
  };
}

async function demoBrandRow({ canvas }: Context) {
  return (await canvas.findByRole('link', { name: 'Vistula Runners' })).closest(
    'li',
  ) as HTMLElement;
}

/** Opens "Send for verification again" of the refused brand. */
async function openResubmit(context: Context) {
  const t = storyIntl(context.globals);
  await context.userEvent.click(
    await context.canvas.findByRole('button', {
      name: t.exact('brands.resubmit.openLabel', { brand: 'Vistula Runners' }),
    }),
  );
  const dialog = await screen.findByRole('dialog', {
    name: t.exact('brands.resubmit.dialogTitle', { brand: 'Vistula Runners' }),
  });
  await within(dialog).findByRole('button', { name: t.exact('brands.resubmit.submit') });
  // The owner learns that papers of a brand left refused are deleted, and when.
  await expect(dialog).toHaveAccessibleDescription(
    t.exact('brands.resubmit.dialogText', { days: 90 }),
  );
  return within(dialog);
}

/** A brand an operator did not verify says why, and offers to be sent again. */
export const ResubmitOfferedWhenRejected: Story = {
  beforeEach: demoBrandRefused('rejected', REJECTED_REASON),
  play: async (context) => {
    const t = storyIntl(context.globals);
    const row = await demoBrandRow(context);
    await expect(row).toHaveTextContent(t('brands.mine.verification.rejected'));
    await expect(row).toHaveTextContent(t('brands.mine.reason', { reason: REJECTED_REASON }));
    const dialog = await openResubmit(context);
    await expect(documentInput(dialog, t, 'registryExtract')).toBeInTheDocument();
  },
};

/** A brand whose verification was withdrawn says why, and offers to be sent again. */
export const ResubmitOfferedWhenRevoked: Story = {
  beforeEach: demoBrandRefused('revoked', REVOKED_REASON),
  play: async (context) => {
    const t = storyIntl(context.globals);
    const row = await demoBrandRow(context);
    await expect(row).toHaveTextContent(t('brands.mine.verification.revoked'));
    await expect(row).toHaveTextContent(t('brands.mine.reason', { reason: REVOKED_REASON }));
    await openResubmit(context);
  },
};

/**
 * The owner attaches the missing registry extract and sends the brand again: it waits for
 * verification, and the old reason is gone.
 */
export const Resubmitted: Story = {
  beforeEach: demoBrandRefused('rejected', REJECTED_REASON),
  play: async (context) => {
    const t = storyIntl(context.globals);
    const dialog = await openResubmit(context);
    await context.userEvent.upload(
      documentInput(dialog, t, 'registryExtract'),
      new File([PDF], 'KRS 0000999888.pdf', { type: 'application/pdf' }),
    );
    await context.userEvent.click(
      dialog.getByRole('button', { name: t.exact('brands.resubmit.submit') }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectToast(t, 'success', t('brands.resubmit.done', { brand: 'Vistula Runners' }));
    const row = await demoBrandRow(context);
    await waitFor(() => expect(row).toHaveTextContent(t('brands.mine.verification.pending')));
    await expect(row).not.toHaveTextContent(t('brands.mine.reason', { reason: REJECTED_REASON }));
    // Waiting again, it offers the documents dialog, which holds the extract just sent.
    await expect(
      context.canvas.queryByRole('button', {
        name: t.exact('brands.resubmit.openLabel', { brand: 'Vistula Runners' }),
      }),
    ).toBeNull();
    const documents = await openDocuments(context);
    const sent = t('brands.documents.sent', { name: 'KRS 0000999888.pdf', size: '1 KB' });
    // The dialog fades in.
    await waitFor(() => expect(documents.getByText(sent)).toBeVisible());
  },
};

/** An operator decided meanwhile: the refusal is shown in the dialog, which stays open. */
export const ResubmitRefused: Story = {
  beforeEach: demoBrandRefused('rejected', REJECTED_REASON),
  parameters: { msw: { handlers: [resubmitRefused()] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    const dialog = await openResubmit(context);
    await context.userEvent.click(
      dialog.getByRole('button', { name: t.exact('brands.resubmit.submit') }),
    );
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('brands.resubmit.notRefused'),
    );
    await expect(screen.getByRole('dialog')).toBeVisible();
  },
};
