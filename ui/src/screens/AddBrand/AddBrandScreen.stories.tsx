import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, waitFor } from 'storybook/test';
import { BRAND_LOGO_MAX_BYTES } from '@brnd/contracts/domain/constants';
import { VERIFICATION_DOCUMENT_MAX_BYTES } from '@brnd/contracts/domain/verification';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { expectFieldError, expectToast } from '../shared/story-helpers.ts';
import { LOCAL_REFERRAL } from '../shared/storage.ts';
import { AddBrandScreen } from './AddBrandScreen.tsx';

type Context = Parameters<NonNullable<Story['play']>>[0];

/** The multipart bodies the create endpoint received in the running story. */
const sent: FormData[] = [];
const created = http.post('*/api/brands/create', async ({ request }) => {
  const form = await request.formData();
  sent.push(form);
  return HttpResponse.json({
    message: 'success',
    details: {
      id: 77,
      name: String(form.get('name')),
      website: String(form.get('website')),
      description: String(form.get('description')),
      image_url: '/uploads/brands/logo.png',
      votes: null,
      voted: 0,
      can_vote: '1',
      industry: String(form.get('industry')),
      token_ticker: String(form.get('token_ticker')),
      no_of_employees: Number(form.get('no_of_employees')),
      address1: null,
      city: null,
      state: null,
      postal_code: null,
      country: null,
      operating_address: null,
      referral_code: null,
      facebook: null,
      twitter: null,
      instagram: null,
      linkedin: null,
    },
  });
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const PDF = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');

/** The file input of one of the terms' documents. */
function documentInput({ canvas, globals }: Context, kind: string): HTMLElement {
  return canvas.getByLabelText(storyIntl(globals)(`brands.documents.kinds.${kind}`), {
    exact: false,
    selector: 'input',
  });
}

const meta = {
  title: 'Screens/AddBrand/Screen',
  component: AddBrandScreen,
  parameters: { session: 'demo', msw: { handlers: [created] } },
  beforeEach: () => {
    sent.length = 0;
    localStorage.removeItem(LOCAL_REFERRAL);
  },
} satisfies Meta<typeof AddBrandScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function fillValidForm({ canvas, userEvent, globals }: Context) {
  const t = storyIntl(globals);
  const field = (id: string) =>
    canvas.getByLabelText(t(`brands.form.${id}`), {
      exact: false,
      selector: 'input, textarea, select',
    });
  await userEvent.type(field('name'), 'Kawa Ziarno');
  await userEvent.type(field('website'), 'www.kawaziarno.pl');
  await userEvent.type(field('description'), 'Speciality coffee from Kraków.');
  await userEvent.selectOptions(field('industry'), 'e-commerce');
  await userEvent.type(field('tokenTicker'), 'kawa');
  await userEvent.type(field('employees'), '12');
  await userEvent.upload(
    canvas.getByLabelText(new RegExp(t('brands.form.logoChoose'))),
    new File([PNG], 'logo.png', { type: 'image/png' }),
  );
  await userEvent.type(field('address1'), 'ul. Floriańska 3');
  await userEvent.type(field('postalCode'), '31-019');
  await userEvent.type(field('city'), 'Kraków');
  await userEvent.type(field('state'), 'małopolskie');
  await userEvent.selectOptions(field('country'), 'PL');
  await userEvent.click(
    canvas.getByRole('checkbox', { name: t.exact('brands.form.sameAsAddress') }),
  );
}

/** Submitting empty names every rule under its field and sends nothing. */
export const Errors: Story = {
  play: async (context) => {
    const { canvas, userEvent, globals } = context;
    const t = storyIntl(globals);
    await userEvent.click(canvas.getByRole('button', { name: t.exact('brands.form.submit') }));
    await expectFieldError(canvas, t('brands.form.name'), t('validation.name'));
    await expectFieldError(canvas, t('brands.form.website'), t('validation.website'));
    await expectFieldError(canvas, t('brands.form.employees'), t('validation.employees'));
    await expectFieldError(canvas, t('brands.form.operatingAddress'), t('validation.required'));
    await expect(
      canvas.getByRole('combobox', { name: t.exact('brands.form.country') }),
    ).toHaveAccessibleDescription(t.exact('validation.country'));
    await expect(
      canvas.getByRole('combobox', { name: t.exact('brands.form.industry') }),
    ).toHaveAccessibleDescription(t.exact('validation.industry'));
    await expect(canvas.getByText(t('validation.logo'))).toBeVisible();
    await expect(sent).toHaveLength(0);
  },
};

/** Letters in the number of employees are refused. */
export const EmployeesNotANumber: Story = {
  play: async ({ canvas, userEvent, globals }) => {
    const t = storyIntl(globals);
    await userEvent.type(canvas.getByLabelText(t('brands.form.employees')), 'twelve');
    await userEvent.click(canvas.getByRole('button', { name: t.exact('brands.form.submit') }));
    await expectFieldError(canvas, t('brands.form.employees'), t('validation.employees'));
  },
};

/** A logo over 2 MB or of another type is refused before anything is sent. */
export const UploadTooLarge: Story = {
  play: async ({ canvas, userEvent, globals }) => {
    const t = storyIntl(globals);
    await userEvent.upload(
      canvas.getByLabelText(new RegExp(t('brands.form.logoChoose'))),
      new File([new Uint8Array(BRAND_LOGO_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: t.exact('brands.form.submit') }));
    await expect(await canvas.findByText(t('validation.logo'))).toBeVisible();
    await expect(sent).toHaveLength(0);
  },
};

export const UploadWrongType: Story = {
  play: async ({ canvas, userEvent, globals }) => {
    const t = storyIntl(globals);
    await userEvent.upload(
      canvas.getByLabelText(new RegExp(t('brands.form.logoChoose'))),
      // Named like a picture, but a PDF: the picker lets it through, the type rule does not.
      new File(['%PDF-1.7'], 'logo.png', { type: 'application/pdf' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: t.exact('brands.form.submit') }));
    await expect(await canvas.findByText(t('validation.logo'))).toBeVisible();
  },
};

/** The server checks the file's content: an SVG with a script is refused under the logo. */
export const UploadRefusedByServer: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post('*/api/brands/create', () =>
          HttpResponse.json(
            {
              message:
                'This SVG contains scripts or embedded content, so it cannot be used as a logo.',
              messageId: 'uploads.svgUnsafe',
              errors: { image: 'uploads.svgUnsafe' },
            },
            { status: 400 },
          ),
        ),
      ],
    },
  },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await fillValidForm(context);
    await context.userEvent.click(
      context.canvas.getByRole('button', { name: t.exact('brands.form.submit') }),
    );
    await expect(
      await context.canvas.findByText(t('uploads.svgUnsafe'), {}, { timeout: 4000 }),
    ).toBeVisible();
  },
};

/** The same-address box fills the operating address; the brand goes out as one multipart form. */
export const Created: Story = {
  beforeEach: () => {
    localStorage.setItem(LOCAL_REFERRAL, 'FRIEND42');
  },
  play: async (context) => {
    const { canvas, userEvent, globals, loaded } = context;
    const t = storyIntl(globals);
    await fillValidForm(context);
    await expect(canvas.getByLabelText(t('brands.form.operatingAddress'))).toHaveValue(
      'ul. Floriańska 3, 31-019 Kraków, małopolskie',
    );
    await userEvent.click(canvas.getByRole('button', { name: t.exact('brands.form.submit') }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const form = sent[0] as FormData;
    await expect(form.get('website')).toBe('kawaziarno.pl');
    await expect(form.get('token_ticker')).toBe('KAWA');
    await expect(form.get('country')).toBe('PL');
    await expect(form.get('referral_code')).toBe('FRIEND42');
    await expect(form.get('image')).toBeInstanceOf(File);
    await expectToast(t, 'success', t('brands.form.created', { name: 'Kawa Ziarno' }));
    const { navigation } = storyRecorders(loaded);
    await expect(navigation.navigate).toHaveBeenCalledWith('/user/mybrands/lists');
  },
};

/** The documents the owner has at hand go in the same multipart form; the rest can follow. */
export const CreatedWithDocuments: Story = {
  play: async (context) => {
    const { canvas, userEvent, globals } = context;
    const t = storyIntl(globals);
    await fillValidForm(context);
    await userEvent.upload(
      documentInput(context, 'registryExtract'),
      new File([PDF], 'KRS 0000123456.pdf', { type: 'application/pdf' }),
    );
    await userEvent.upload(
      documentInput(context, 'bankAccount'),
      new File([PNG], 'statement.png', { type: 'image/png' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: t.exact('brands.form.submit') }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const form = sent[0] as FormData;
    await expect((form.get('registryExtract') as File).name).toBe('KRS 0000123456.pdf');
    await expect((form.get('bankAccount') as File).type).toBe('image/png');
    await expect(form.get('identity')).toBeNull();
    await expectToast(t, 'success', t('brands.form.created', { name: 'Kawa Ziarno' }));
  },
};

/** A document over the limit is refused under its own field; the brand is not sent. */
export const DocumentTooLarge: Story = {
  play: async (context) => {
    const { canvas, userEvent, globals } = context;
    const t = storyIntl(globals);
    await fillValidForm(context);
    const input = documentInput(context, 'identity');
    await userEvent.upload(
      input,
      new File([new Uint8Array(VERIFICATION_DOCUMENT_MAX_BYTES + 1)], 'passport.jpg', {
        type: 'image/jpeg',
      }),
    );
    await userEvent.click(canvas.getByRole('button', { name: t.exact('brands.form.submit') }));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    await expect(input).toHaveAccessibleDescription(t.exact('uploads.documentTooLarge'));
    await expect(sent).toHaveLength(0);
  },
};
