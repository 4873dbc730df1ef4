import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, waitFor } from 'storybook/test';
import { changeMobile, getMobile } from '@brnd/contracts/api/accounts';
import {
  pending,
  phoneLinkInvalid,
  respondWith,
  serverError,
  validationError,
} from '@brnd/mocks/scenarios';
import { storyIntl } from '../../testing/story-intl.ts';
import { storyRecorders } from '../../testing/story-recorders.ts';
import { LOCAL_MOBILE } from '../shared/storage.ts';
import { expectFieldError, expectNoToast, expectToast } from '../shared/story-helpers.ts';
import { ConfirmPhoneScreen } from './ConfirmPhoneScreen.tsx';
import { expectBusyButton } from '../../testing/expect-busy.ts';

const CODE = 'q8Vh3Xk2mP9sT4wZ7bN1cR6yL0aE5dF8gJ2hK4nM7pQ';
const number = respondWith(getMobile, { message: 'success', mobile: '+48600100200' });

/** The bodies change-mobile received in the running story. */
const sent: URLSearchParams[] = [];
const changed = http.post('*/api/user/changemobile', async ({ request }) => {
  sent.push(new URLSearchParams(await request.text()));
  return HttpResponse.json({ message: 'success' });
});

const meta = {
  title: 'Screens/ConfirmPhone/Screen',
  component: ConfirmPhoneScreen,
  parameters: { layout: 'fullscreen' },
  args: { code: CODE, editable: false },
  beforeEach: () => {
    sent.length = 0;
    localStorage.removeItem(LOCAL_MOBILE);
  },
} satisfies Meta<typeof ConfirmPhoneScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Context = Parameters<NonNullable<Story['play']>>[0];

function phoneInput({ canvas, globals }: Context) {
  return canvas.findByLabelText(storyIntl(globals)('accounts.fields.mobile'), {
    selector: 'input',
  });
}

async function clickContinue({ canvas, globals, userEvent }: Context) {
  await userEvent.click(
    canvas.getByRole('button', { name: storyIntl(globals)('accounts.common.continue') }),
  );
}

export const Loading: Story = {
  parameters: { msw: { handlers: [pending(getMobile)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('status')).toHaveTextContent(t('accounts.confirmPhone.loading'));
  },
};

/** /confirmPhone: the number from sign-up, read-only, confirmed with CONTINUE. */
export const ReadOnly: Story = {
  parameters: { msw: { handlers: [number, changed] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    const { navigation } = storyRecorders(context.loaded);
    const input = await phoneInput(context);
    await expect(input).toHaveAttribute('readonly');
    await expect(input).toHaveValue('600100200');
    await clickContinue(context);
    await waitFor(() =>
      expect(navigation.navigate).toHaveBeenCalledWith('/phoneverify', { search: { code: CODE } }),
    );
    await expect(Object.fromEntries(sent[0]!)).toEqual({
      verification_code: CODE,
      mobile: '+48600100200',
    });
    await expect(localStorage.getItem(LOCAL_MOBILE)).toBe('+48600100200');
    await expect(
      context.canvas.getByRole('link', { name: t.exact('accounts.confirmPhone.editNumber') }),
    ).toHaveAttribute('href', `/editPhone?edit=&code=${CODE}`);
  },
};

/** /editPhone: the user corrects the number before the SMS goes out. */
export const Editable: Story = {
  args: { editable: true },
  parameters: { msw: { handlers: [number, changed] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    const { navigation } = storyRecorders(context.loaded);
    const input = await phoneInput(context);
    await expect(context.canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      t('accounts.confirmPhone.editTitle'),
    );
    await context.userEvent.clear(input);
    await context.userEvent.type(input, '512 345 678');
    await clickContinue(context);
    await waitFor(() =>
      expect(navigation.navigate).toHaveBeenCalledWith('/phoneverify', { search: { code: CODE } }),
    );
    await expect(sent[0]?.get('mobile')).toBe('+48512345678');
  },
};

export const InvalidNumber: Story = {
  args: { editable: true },
  parameters: { msw: { handlers: [number, changed] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    const input = await phoneInput(context);
    await context.userEvent.clear(input);
    await clickContinue(context);
    await expectFieldError(context.canvas, t('accounts.fields.mobile'), t('validation.phone'));
    await context.userEvent.type(input, '12');
    await clickContinue(context);
    await expectFieldError(context.canvas, t('accounts.fields.mobile'), t('validation.phone'));
    await expect(sent).toHaveLength(0);
    await expectNoToast(t);
  },
};

export const Submitting: Story = {
  parameters: { msw: { handlers: [number, pending(changeMobile)] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await phoneInput(context);
    await clickContinue(context);
    await expectBusyButton(context.canvas, t('accounts.common.continue'));
  },
};

/** The server answered without 'success': its message is shown as the error. */
export const Refused: Story = {
  parameters: {
    msw: {
      handlers: [
        number,
        respondWith(changeMobile, { message: 'This number cannot receive text messages.' }),
      ],
    },
  },
  play: async (context) => {
    await phoneInput(context);
    await clickContinue(context);
    await expect(await context.canvas.findByRole('alert')).toHaveTextContent(
      'This number cannot receive text messages.',
    );
    await expect(storyRecorders(context.loaded).navigation.navigate).not.toHaveBeenCalled();
  },
};

export const ServerFieldError: Story = {
  args: { editable: true },
  parameters: {
    msw: { handlers: [number, validationError(changeMobile, { mobile: 'validation.phone' })] },
  },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await phoneInput(context);
    await clickContinue(context);
    await expectFieldError(context.canvas, t('accounts.fields.mobile'), t('validation.phone'));
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [number, serverError(changeMobile)] } },
  play: async (context) => {
    const t = storyIntl(context.globals);
    await phoneInput(context);
    await clickContinue(context);
    await expectToast(t, 'danger', t('errors.server'));
  },
};

/** The code in the address is dead (used, expired or made up). */
export const LinkInvalid: Story = {
  parameters: { msw: { handlers: [phoneLinkInvalid()] } },
  play: async ({ canvas, globals, userEvent, loaded }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('errors.linkInvalid'));
    await userEvent.click(canvas.getByRole('link', { name: t.exact('accounts.common.toLogin') }));
    await expect(storyRecorders(loaded).navigation.navigate).toHaveBeenCalledWith(
      '/login',
      undefined,
    );
  },
};

/** The number could not load because of the server: trying again is offered. */
export const LoadServerError: Story = {
  parameters: { msw: { handlers: [serverError(getMobile)] } },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('errors.server'));
    await expect(
      canvas.getByRole('button', { name: t.exact('accounts.common.tryAgain') }),
    ).toBeVisible();
  },
};

/** Opened without a code at all. */
export const MissingCode: Story = {
  args: { code: undefined },
  play: async ({ canvas, globals }) => {
    const t = storyIntl(globals);
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('errors.linkInvalid'));
  },
};
