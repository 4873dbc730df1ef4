import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, waitFor } from 'storybook/test';
import { billingAddressExists } from '@brnd/mocks/scenarios';
import { polish } from '../../testing/polish.ts';
import { storyIntl } from '../../testing/story-intl.ts';
import { expectFieldError } from '../shared/story-helpers.ts';
import { NewBrandAccountScreen } from './NewBrandAccountScreen.tsx';

type Context = Parameters<NonNullable<Story['play']>>[0];

/** The bodies the company endpoint received in the running story. */
const sent: Record<string, string>[] = [];
const recorded = http.post('*/api/brands/company', async ({ request }) => {
  sent.push(Object.fromEntries(new URLSearchParams(await request.clone().text())));
  // Nothing returned: the default handler answers as the fake.
});

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
    canvas.getByRole('textbox', { name: t('brands.company.phone') }),
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
    await userEvent.click(canvas.getByRole('button', { name: t('brands.company.submit') }));
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
export const ErrorsPolish = polish(Errors);

/** Each field keeps its own value: the VAT number is not the e-mail, the operating address is not a password. */
export const Submitted: Story = {
  play: async (context) => {
    const { canvas, userEvent, globals } = context;
    const t = storyIntl(globals);
    await fill(context);
    await userEvent.click(canvas.getByRole('button', { name: t('brands.company.asBilling') }));
    await expect(canvas.getByLabelText(t('brands.company.operatingAddress'))).toHaveValue(
      'ul. Floriańska 3, 31-019 Kraków',
    );
    await userEvent.click(canvas.getByRole('button', { name: t('brands.company.submit') }));
    await expect(
      await canvas.findByRole('heading', { name: t('brands.company.doneTitle') }),
    ).toBeVisible();
    await waitFor(() => expect(sent).toHaveLength(1));
    await expect(sent[0]).toEqual({
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
export const SubmittedPolish = polish(Submitted);

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
    await userEvent.click(canvas.getByRole('button', { name: t('brands.company.submit') }));
    await expectFieldError(
      canvas,
      t('brands.company.billingAddress'),
      t('companies.billingAddressExists'),
    );
  },
};
export const BillingAddressExistsPolish = polish(BillingAddressExists);
