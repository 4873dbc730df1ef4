import { expect, waitFor, type within } from 'storybook/test';

/**
 * Waits for a button to show its busy state. After a click the request starts on a later tick,
 * so a single look can come too early on a loaded machine.
 */
export async function expectBusyButton(canvas: ReturnType<typeof within>, name: string) {
  await waitFor(() =>
    expect(canvas.getByRole('button', { name })).toHaveAttribute('aria-busy', 'true'),
  );
}
