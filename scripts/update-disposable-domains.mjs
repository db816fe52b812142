#!/usr/bin/env node
// `npm run update:disposable-domains`: moves the disposable-mail list (npm's disposable-email-domains-js,
// which publishes the disposable-email-domains project's blocklist) to its latest release, pinned, and
// says how many domains came and went. Run it before a launch, and commit package.json and the lock.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const PACKAGE = 'disposable-email-domains-js';
const require = createRequire(import.meta.url);

function domains() {
  const list = `${PACKAGE}/dist/dict/disposable_email_blocklist.json`;
  delete require.cache[require.resolve(list)];
  return new Set(require(list));
}

const before = domains();
const install = spawnSync('npm', ['install', '--save-exact', `${PACKAGE}@latest`], { stdio: 'inherit' });
if (install.status !== 0) process.exit(install.status ?? 1);
const after = domains();
const added = [...after].filter((domain) => !before.has(domain)).length;
const removed = [...before].filter((domain) => !after.has(domain)).length;
console.log(`${PACKAGE}: ${after.size} domains (${added} added, ${removed} removed).`);
