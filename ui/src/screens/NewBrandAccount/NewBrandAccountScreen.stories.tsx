import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, waitFor } from 'storybook/test';
import { VERIFICATION_DOCUMENT_MAX_BYTES } from '@brnd/contracts/domain/verification';
import { fake } from '@brnd/mocks/handlers';
import { billingAddressExists } from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { expectFieldError, expectNoToast } from '../shared/story-helpers.ts';
import { NewBrandAccountScreen } from './NewBrandAccountScreen.tsx';

type Context = Parameters<NonNullable<Story['play']>>[0];

/** The multipart bodies the company endpoint received in the running story. */
const sent: FormData[] = [];
const recorded = http.post('*/api/brands/company', async ({ request }) => {
  sent.push(await request.clone().formData());
  // Nothing returned: the default handler answers as the fake.
});

/** The text fields of a sent form, without its files. */
function textFields(form: FormData): Record<string, string> {
  return Object.fromEntries(
    [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

const PDF = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

/** The file input of one of the terms' documents. */
function documentInput({ canvas, globals }: Context, kind: string): HTMLElement {
  const t = storyIntl(globals);
  return canvas.getByLabelText(t(`brands.documents.kinds.${kind}`), {
    exact: false,
    selector: 'input',
  });
}

const meta = {
  title: 'Screens/NewBrandAccount/Screen',
  component: NewBrandAccountScreen,
  parameters: { msw: { handlers: [recorded] } },
  beforeEach: () => {
    sent.length = 0;
  },
} satisfies Meta<typeof NewBrandAccountScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function fill({ canvas, userEvent, globals }: Context) {
  const t = storyIntl(globals);
  await userEvent.type(
    canvas.getByLabelText(t('brands.company.brandName')),
    'Kawa Ziarno sp. z o.o.',
  );
  await userEvent.type(canvas.getByLabelText(t('brands.company.email')), 'biuro@kawaziarno.pl');
  await userEvent.type(
    canvas.getByRole('textbox', { name: t.exact('brands.company.phone') }),
    '500 600 700',
  );
  await userEvent.type(
    canvas.getByLabelText(t('brands.company.billingAddress')),
    'ul. Floriańska 3, 31-019 Kraków',
  );
  await userEvent.type(canvas.getByLabelText(t('brands.company.vat')), 'PL 676-123-45-67');
  await userEvent.type(canvas.getByLabelText(t('brands.company.employees')), '12');
}

/** Every rule's message under its field; nothing is sent. */
export const Errors: Story = {
  play: async ({ canvas, userEvent, globals }) => {
    const t = storyIntl(globals);
    await userEvent.click(canvas.getByRole('button', { name: t.exact('brands.company.submit') }));
    await expectFieldError(canvas, t('brands.company.brandName'), t('validation.name'));
    await expectFieldError(canvas, t('brands.company.email'), t('validation.email'));
    await expectFieldError(
      canvas,
      t('brands.company.billingAddress'),
      t('companies.billingAddress'),
    );
    await expectFieldError(
      canvas,
      t('brands.company.operatingAddress'),
      t('companies.operatingAddress'),
    );
    await expectFieldError(canvas, t('brands.company.vat'), t('companies.vatNumber'));
    await expectFieldError(canvas, t('brands.company.employees'), t('validation.employees'));
    await expect(canvas.getByText(t('validation.phone'))).toBeVisible();
    await expect(sent).toHaveLength(0);
  },
};

/** Each field keeps its own value: the VAT number is not the e-mail, the operating address is not a password. */
export const Submitted: Story = {
  play: async (context) => {
    const { canvas, userEvent, globals } = context;
    const t = storyIntl(globals);
    await fill(context);
    await userEvent.click(
      canvas.getByRole('button', { name: t.exact('brands.company.asBilling') }),
    );
    await expect(canvas.getByLabelText(t('brands.company.operatingAddress'))).toHaveValue(
      'ul. Floriańska 3, 31-019 Kraków',
    );
    await userEvent.click(canvas.getByRole('button', { name: t.exact('brands.company.submit') }));
    await expect(
      await canvas.findByRole('heading', { name: t.exact('brands.company.doneTitle') }),
    ).toBeVisible();
    await waitFor(() => expect(sent).toHaveLength(1));
    await expect(textFields(sent[0]!)).toEqual({
      brandName: 'Kawa Ziarno sp. z o.o.',
      email: 'biuro@kawaziarno.pl',
      phoneValue: '+48500600700',
      employee_num: '12',
      vat_num: 'PL6761234567',
      billing_address: 'ul. Floriańska 3, 31-019 Kraków',
      operating_address: 'ul. Floriańska 3, 31-019 Kraków',
    });
  },
};

/** A billing address registered before is refused under its field. */
export const BillingAddressExists: Story = {
  parameters: { msw: { handlers: [billingAddressExists()] } },
  play: async (context) => {
    const { canvas, userEvent, globals } = context;
    const t = storyIntl(globals);
    await fill(context);
    await userEvent.type(
      canvas.getByLabelText(t('brands.company.operatingAddress')),
      'ul. Długa 1',
    );
    await userEvent.click(canvas.getByRole('button', { name: t.exact('brands.company.submit') }));
    await expectFieldError(
      canvas,
      t('brands.company.billingAddress'),
      t('companies.billingAddressExists'),
    );
  },
};

/**
 * The terms' documents go with the application: each chosen file is named with its size, and the
 * operator's queue then holds them.
 */
export const SubmittedWithDocuments: Story = {
  play: async (context) => {
    const { canvas, userEvent, globals } = context;
    const t = storyIntl(globals);
    await expect(
      canvas.getByRole('group', { name: t.exact('brands.documents.title') }),
    ).toHaveAccessibleName(t.exact('brands.documents.title'));
    await fill(context);
    await userEvent.type(
      canvas.getByLabelText(t('brands.company.operatingAddress')),
      'ul. Floriańska 3, 31-019 Kraków',
    );
    await userEvent.upload(
      documentInput(context, 'registryExtract'),
      new File([PDF], 'Odpis KRS.pdf', { type: 'application/pdf' }),
    );
    await userEvent.upload(
      documentInput(context, 'identity'),
      new File([PNG], 'dowód.png', { type: 'image/png' }),
    );
    await expect(
      canvas.getByText(t('brands.documents.chosen', { name: 'Odpis KRS.pdf', size: '0 KB' })),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t.exact('brands.company.submit') }));
    await expect(
      await canvas.findByRole('heading', { name: t.exact('brands.company.doneTitle') }),
    ).toBeVisible();
    await waitFor(() => expect(sent).toHaveLength(1));
    await expect((sent[0]!.get('registryExtract') as File).name).toBe('Odpis KRS.pdf');
    await expect((sent[0]!.get('identity') as File).name).toBe('dowód.png');
    await expect(sent[0]!.get('articles')).toBeNull();
    const company = fake
      .operatorDesk()
      .companies.find((record) => record.brandName === 'Kawa Ziarno sp. z o.o.');
    await expect(company?.status).toBe('pending');
  },
};

/** A document that is not a PDF, PNG or JPEG is refused under its field before anything is sent. */
export const DocumentWrongType: Story = {
  play: async (context) => {
    const { canvas, userEvent, globals } = context;
    const t = storyIntl(globals);
    await fill(context);
    const input = documentInput(context, 'articles');
    await userEvent.upload(
      input,
      // Named like a PDF, but a Word document: the picker lets it through, the type rule does not.
      new File(['Articles of incorporation'], 'articles.pdf', { type: 'application/msword' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: t.exact('brands.company.submit') }));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    await expect(input).toHaveAccessibleDescription(t.exact('uploads.documentType'));
    await expect(sent).toHaveLength(0);
  },
};

/** A document over the size limit is refused under its field before anything is sent. */
export const DocumentTooLarge: Story = {
  play: async (context) => {
    const { canvas, userEvent, globals } = context;
    const t = storyIntl(globals);
    const input = documentInput(context, 'bankAccount');
    await userEvent.upload(
      input,
      new File([new Uint8Array(VERIFICATION_DOCUMENT_MAX_BYTES + 1)], 'statement.pdf', {
        type: 'application/pdf',
      }),
    );
    await userEvent.click(canvas.getByRole('button', { name: t.exact('brands.company.submit') }));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    await expect(input).toHaveAccessibleDescription(t.exact('uploads.documentTooLarge'));
    await expect(sent).toHaveLength(0);
  },
};

/**
 * A file that claims to be a PDF but is not one is refused by the server, which reads its bytes:
 * the message stands under the field, and the form stays filled in to fix it.
 */
export const DocumentRefusedByServer: Story = {
  play: async (context) => {
    const { canvas, userEvent, globals } = context;
    const t = storyIntl(globals);
    await fill(context);
    await userEvent.type(
      canvas.getByLabelText(t('brands.company.operatingAddress')),
      'ul. Floriańska 3, 31-019 Kraków',
    );
    const input = documentInput(context, 'identity');
    await userEvent.upload(
      input,
      new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03])], 'passport.pdf', {
        type: 'application/pdf',
      }),
    );
    await userEvent.click(canvas.getByRole('button', { name: t.exact('brands.company.submit') }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    await expect(input).toHaveAccessibleDescription(t.exact('uploads.documentType'));
    await expectNoToast(t);
    await expect(canvas.getByLabelText(t('brands.company.email'))).toHaveValue(
      'biuro@kawaziarno.pl',
    );
  },
};
