#!/usr/bin/env node
// The end-to-end tests drive Debian's Chromium. Install it when it is missing and we can (root with
// apt-get); otherwise stop at once with the one command to run.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(
      `Chromium is missing (${CHROMIUM}). Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
  console.log('Chromium is missing: installing Debian’s chromium package…');
  execSync('apt-get update && apt-get install -y chromium', { stdio: 'inherit' });
}
