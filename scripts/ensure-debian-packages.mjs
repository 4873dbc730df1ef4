// Browser tests need Debian's Chromium (test tools cannot download their own browser here) and
// the scale-out e2e run needs Debian's nginx (the proxy of deploy/nginx.conf). Installs what is
// missing when we can (root with apt-get), otherwise stops with the exact command to run.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const needed = [
  { name: 'Chromium', pkg: 'chromium', variable: 'CHROMIUM_PATH', path: '/usr/bin/chromium' },
  { name: 'nginx', pkg: 'nginx', variable: 'NGINX_PATH', path: '/usr/sbin/nginx' },
];

const missing = needed.filter(({ variable, path }) => !existsSync(process.env[variable] ?? path));
if (missing.length > 0) {
  const packages = missing.map(({ pkg }) => pkg).join(' ');
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(
      `${missing.map(({ name }) => name).join(' and ')} missing. Install with:\n` +
        `  sudo apt-get update && sudo apt-get install -y ${packages}\n` +
        `or point ${missing.map(({ variable }) => variable).join(' / ')} at an existing binary.`,
    );
    process.exit(1);
  }
  console.log(`Installing ${packages} with apt-get …`);
  execSync(
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`,
    {
      stdio: 'inherit',
    },
  );
}
