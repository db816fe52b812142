import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { benchAlertScan } from './alerts';
import { benchBlueprint } from './blueprint';
import { benchDelivery } from './delivery';
import { benchHealthCheck } from './health';
import { benchLandingJs } from './landing';
import { benchLighthouse } from './lighthouse';
import { benchOcr } from './ocr';
import { benchSignedInReads } from './reads';
import { benchRevenue } from './revenue';
import { benchStartup } from './startup';
import { ROOT } from './support';
import { benchCounters, benchSignups } from './waitlist';

/**
 * `npm run bench`: measures what DESIGN.md §7 budgets, on this machine. Figures are printed and
 * written to bench/results/latest.json; no test asserts on them.
 */
const benches: Record<string, () => Promise<Record<string, unknown>>> = {
  startup: benchStartup,
  delivery: benchDelivery,
  revenue: benchRevenue,
  healthCheck: benchHealthCheck,
  ocr: benchOcr,
  blueprint: benchBlueprint,
  alertScan: benchAlertScan,
  landingJs: benchLandingJs,
  lighthouse: benchLighthouse,
  signups: benchSignups,
  counters: benchCounters,
  signedInReads: benchSignedInReads,
};

const only = process.argv.slice(2);

// The client's figures are of what the sources build to now, not of whatever dist/ holds.
if (only.length === 0 || only.some((name) => ['landingJs', 'lighthouse'].includes(name))) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const results: Record<string, unknown> = {
  machine: { node: process.version, cpus: (await import('node:os')).cpus().length },
};
for (const [name, run] of Object.entries(benches)) {
  if (only.length > 0 && !only.includes(name)) continue;
  process.stdout.write(`${name}… `);
  results[name] = await run();
  console.log(JSON.stringify(results[name]));
}
const out = path.join(ROOT, 'bench/results');
await mkdir(out, { recursive: true });
await writeFile(path.join(out, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
