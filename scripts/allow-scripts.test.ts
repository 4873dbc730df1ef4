import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

/**
 * npm runs a dependency's install script only when `allowScripts` in package.json decides it
 * (advisory in npm 11, enforced from npm 12): every package in the lockfile that has one must be
 * named, so `npm ci` neither warns nor, later, silently skips a binary we rely on.
 */
test('allowScripts decides every install script in the lockfile', () => {
  const root = path.resolve(import.meta.dirname, '..');
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    allowScripts: Record<string, boolean>;
  };
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { hasInstallScript?: boolean; link?: boolean }>;
  };
  const withScripts = Object.entries(lock.packages)
    .filter(([location, entry]) => location.includes('node_modules/') && entry.hasInstallScript)
    .map(([location]) => location.slice(location.lastIndexOf('node_modules/') + 13));
  expect(withScripts.length).toBeGreaterThan(0);
  const undecided = [...new Set(withScripts)].filter((name) => !(name in manifest.allowScripts));
  expect(undecided).toEqual([]);
});
