import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const SCREENS = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx$/.test(entry.name) && !entry.name.includes('.stories.') ? [path] : [];
  });
}

/**
 * A table's scroll box a keyboard cannot reach fails WCAG 2.1.1 (axe's
 * scrollable-region-focusable) only once the table is wider than the screen, which a story at one
 * width may never show: every table scrolls inside TableScroll, focusable and named.
 */
test('every table of the screens scrolls inside TableScroll, never a plain div', () => {
  const plain = sources(SCREENS).flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .map((line, index) => ({ line, at: `${path.slice(SCREENS.length + 1)}:${index + 1}` }))
      .filter(({ line }) => /<div\b[^>]*className=\{(table|styles)\.scroll\}/.test(line))
      .map(({ at }) => at),
  );
  expect(plain).toEqual([]);
});
