#!/usr/bin/env node
// `npm start`: build the client when it is missing or older than its sources, then run the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A .env file beside package.json, when there is one; variables already set in the environment win.
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
// Written last by the build (after the prerendered pages): its presence means the build finished.
const builtIndex = path.join(root, 'dist/client/prerendered/pages.json');

function newestChange(target) {
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  }
  return newest;
}

function isClientStale() {
  if (!existsSync(builtIndex)) return true;
  const sources = ['client', 'common', 'vite.config.ts', 'scripts/build.mjs', 'package-lock.json'].map(
    (name) => path.join(root, name),
  );
  const newestSource = Math.max(...sources.filter(existsSync).map(newestChange));
  return newestSource > statSync(builtIndex).mtimeMs;
}

if (isClientStale()) {
  console.log('Building the client…');
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
