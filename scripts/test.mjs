#!/usr/bin/env node
// `npm test`: every check, in order, stopping at the first that fails.
import { spawnSync } from 'node:child_process';

const steps = [
  // First, so a machine without a browser stops at once rather than after the slower checks.
  ['browser', ['node', 'scripts/ensure-chromium.mjs']],
  ['lint', ['npm', 'run', 'lint']],
  ['types', ['npm', 'run', 'typecheck']],
  ['unit and integration', ['npm', 'run', 'test:unit']],
  ['end-to-end', ['npm', 'run', 'test:e2e']],
];

const timings = [];
for (const [name, [command, ...args]] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  timings.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed (${timings.join(', ')})`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n✓ all checks passed (${timings.join(', ')})`);
