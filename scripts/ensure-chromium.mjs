// Browser tests need Debian's Chromium (test tools cannot download their own browser here).
// Installs it when we can (root with apt-get), otherwise stops with the exact command to run.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM_PATH)) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n` +
        'or point CHROMIUM_PATH at an existing Chromium binary.',
    );
    process.exit(1);
  }
  console.log('Installing Chromium with apt-get …');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
}
