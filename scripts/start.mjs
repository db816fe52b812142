#!/usr/bin/env node
// `npm start`: build what is missing or older than its sources, then run the bundled server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A .env file beside package.json, when there is one; variables already set in the environment win.
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

// Written last by the client build (after the prerendered pages): its presence means the build finished.
const builtClient = path.join(root, 'dist/client/prerendered/pages.json');
const builtServer = path.join(root, 'dist/server/main.js');
// Built beside main.js by the same build: a build from before the thread existed lacks it.
const builtDeliveryThread = path.join(root, 'dist/server/delivery-thread.js');

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

function isStale(built, sources) {
  if (!existsSync(built)) return true;
  const paths = sources.map((name) => path.join(root, name)).filter(existsSync);
  return Math.max(...paths.map(newestChange)) > statSync(built).mtimeMs;
}

function run(script, what) {
  console.log(`Building ${what}…`);
  // A production build whatever NODE_ENV the server runs with: under NODE_ENV=test (the test suites'
  // servers) Vite would otherwise build React's development bundle, which runs effects twice.
  const result = spawnSync(process.execPath, [path.join(root, script)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = ['common', 'package-lock.json', 'tsconfig.json'];
if (isStale(builtClient, ['client', 'vite.config.ts', 'scripts/build.mjs', ...shared])) {
  run('scripts/build.mjs', 'the app');
} else if (
  isStale(builtServer, ['server', 'scripts/build-server.mjs', ...shared]) ||
  !existsSync(builtDeliveryThread)
) {
  run('scripts/build-server.mjs', 'the server');
}

process.setSourceMapsEnabled(true);
await import(pathToFileURL(builtServer).href);
