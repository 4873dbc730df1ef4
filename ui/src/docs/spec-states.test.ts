// @vitest-environment node
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storyNameFromExport, toId } from 'storybook/internal/csf';
import { expect, test } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/**
 * The ids Storybook gives the stories under ui/src: the meta's title, or the title it makes from
 * the file's path (`components/Alert/Alert.stories.tsx` → `components/Alert`), and each named
 * story export.
 */
async function storyIds(): Promise<Set<string>> {
  const ids = new Set<string>();
  const files = (await readdir(SRC, { recursive: true })).filter((file) =>
    file.endsWith('.stories.tsx'),
  );
  for (const file of files) {
    const source = await readFile(path.join(SRC, file), 'utf8');
    const explicit = /^\s{2}title: '([^']+)'/m.exec(source)?.[1];
    const parts = file.replace(/\.stories\.tsx$/, '').split(path.sep);
    if (parts.length > 1 && parts.at(-1) === parts.at(-2)) parts.pop();
    const title = explicit ?? parts.join('/');
    for (const [, name] of source.matchAll(/^export const (\w+)\b/gm)) {
      ids.add(toId(title, storyNameFromExport(name!)));
    }
  }
  return ids;
}

test('every state in the index links to a story that exists', async () => {
  const index = await readFile(new URL('./SpecStates.mdx', import.meta.url), 'utf8');
  const linked = [...index.matchAll(/\?path=\/story\/([a-z0-9-]+)/g)].map((match) => match[1]);
  const ids = await storyIds();
  expect(linked.length).toBeGreaterThan(50);
  expect(ids).toContain('screens-voting-screen--limit-reached');
  expect(linked.filter((id) => !ids.has(id!))).toEqual([]);
});

const EMAILS = fileURLToPath(new URL('../../../emails/src', import.meta.url));

test('no story is pinned to one language: the storybook-en and storybook-pl runs cover each', async () => {
  const files: string[] = [];
  for (const root of [SRC, EMAILS]) {
    for (const file of await readdir(root, { recursive: true })) {
      if (file.endsWith('.stories.tsx')) files.push(path.join(root, file));
    }
  }
  const pinned: string[] = [];
  for (const file of files) {
    const source = await readFile(file, 'utf8');
    // A Polish twin, or a story whose own `locale` global would win over the project's.
    for (const [twin] of source.matchAll(/^export const \w+Polish\b/gm)) {
      pinned.push(`${file}: ${twin}`);
    }
    if (/globals:\s*\{[^}]*\blocale\b/.test(source)) pinned.push(`${file}: locale global`);
  }
  expect(files.length).toBeGreaterThan(50);
  expect(files.some((file) => file.startsWith(EMAILS))).toBe(true);
  expect(pinned).toEqual([]);
});
