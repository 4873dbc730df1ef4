import { expect, screen, waitFor, within } from 'storybook/test';
import type { StoryContext } from '@storybook/react-vite';
import type { storyIntl } from '../../testing/story-intl.ts';

type Translate = ReturnType<typeof storyIntl>;
type Canvas = StoryContext['canvas'];

/**
 * The toast with this message, checked for its title: 'Warning' on a danger toast, 'Success!'
 * on a success toast (the spec's notifications).
 */
export async function expectToast(t: Translate, variant: 'danger' | 'success', message: string) {
  const region = screen.getByRole('region', { name: t('toast.region') });
  const text = await within(region).findByText(message);
  const toast = text.closest(variant === 'danger' ? '[role="alert"]' : '[role="status"]');
  await expect(toast).not.toBeNull();
  await expect(toast).toHaveTextContent(
    t(variant === 'danger' ? 'toast.warning' : 'toast.success'),
  );
}

/** No toast is showing: a refused form stayed on the page without calling the server. */
export async function expectNoToast(t: Translate) {
  const region = screen.getByRole('region', { name: t('toast.region') });
  await expect(within(region).queryByRole('alert')).toBeNull();
  await expect(within(region).queryByRole('status')).toBeNull();
}

/** The error message shown under the field with this label (a server's may take a moment). */
export async function expectFieldError(canvas: Canvas, label: string, message: string) {
  const field = await canvas.findByLabelText(label, { selector: 'input' });
  await waitFor(() => {
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(anySpaces(message));
  });
}

/**
 * Matches `text` whatever its spaces: a description keeps the page's non-breaking spaces, `t`
 * gives plain ones (decision 048).
 */
export function anySpaces(text: string) {
  const spaced = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[ \u00a0]/g, '[ \u00a0]');
  return expect.stringMatching(new RegExp(spaced));
}

/** The field with this label carries no error. */
export async function expectNoFieldError(canvas: Canvas, label: string) {
  const field = canvas.getByLabelText(label, { selector: 'input' });
  await expect(field).not.toHaveAttribute('aria-invalid');
}
