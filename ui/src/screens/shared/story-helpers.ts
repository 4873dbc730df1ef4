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

/**
 * A phone's screen, 375 × 667 (`parameters.viewport.options.phone` in .storybook/preview.tsx):
 * the width the layout test and Chromatic's phone mode use. `globals: PHONE` on a story.
 */
export const PHONE = { viewport: { value: 'phone', isRotated: false } };

/**
 * On a phone nothing pushes the page sideways: the frame is the phone's width, and every visible
 * element stays inside it unless a box that scrolls or clips sideways holds it (a table's scroll
 * box, a tab strip).
 */
export async function expectFitsPhone(canvasElement: HTMLElement) {
  await waitFor(() => expect(window.innerWidth).toBe(375));
  const outside = [...canvasElement.querySelectorAll<HTMLElement>('*')].filter((element) => {
    if (element.closest('.visually-hidden')) return false;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    if (box.left >= -0.5 && box.right <= window.innerWidth + 0.5) return false;
    return !insideSidewaysBox(element, canvasElement);
  });
  await expect(outside.map((element) => element.outerHTML.slice(0, 120))).toEqual([]);
}

function insideSidewaysBox(element: HTMLElement, root: HTMLElement): boolean {
  for (let box = element.parentElement; box && box !== root; box = box.parentElement) {
    if (getComputedStyle(box).overflowX !== 'visible') return true;
  }
  return false;
}

/** Two elements side by side: on a shared line, neither covering the other. */
export async function expectSideBySide(first: Element, second: Element) {
  const a = first.getBoundingClientRect();
  const b = second.getBoundingClientRect();
  await expect(a.top < b.bottom && b.top < a.bottom).toBe(true);
  await expectApart(first, second);
}

/** Two elements that do not cover each other (a badge beside a name it must not overlap). */
export async function expectApart(first: Element, second: Element) {
  const a = first.getBoundingClientRect();
  const b = second.getBoundingClientRect();
  const apart =
    a.right <= b.left + 0.5 ||
    b.right <= a.left + 0.5 ||
    a.bottom <= b.top + 0.5 ||
    b.bottom <= a.top + 0.5;
  await expect(apart).toBe(true);
}

/**
 * The input's placeholder fits its box whole, in the input's own font: put in as the value for a
 * moment (no event), it does not make the box scroll. A search field's clear button keeps room
 * that a canvas measure of the text missed (decision 077).
 */
export async function expectPlaceholderFits(input: HTMLInputElement) {
  const value = input.value;
  input.value = input.placeholder;
  const wanted = input.scrollWidth;
  input.value = value;
  await expect(wanted).toBeLessThanOrEqual(input.clientWidth);
}

/** Elements on one line: their boxes share a line (each one's top above the others' bottoms). */
export async function expectOneLine(elements: readonly Element[]) {
  const boxes = elements.map((element) => element.getBoundingClientRect());
  const lowestTop = Math.max(...boxes.map((box) => box.top));
  const highestBottom = Math.min(...boxes.map((box) => box.bottom));
  await expect(lowestTop).toBeLessThan(highestBottom);
}

/** A text element takes a single line box (a website, a figure): no word of it wraps. */
export async function expectSingleLine(element: HTMLElement) {
  const range = document.createRange();
  range.selectNodeContents(element);
  const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
  await expect(tops.size).toBe(1);
}
