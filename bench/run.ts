import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { benchAlertScan, benchAlertScanShared } from './alerts';
import { benchBlueprint } from './blueprint';
import { benchDelivery } from './delivery';
import { benchHealthCheck } from './health';
import { benchLandingJs } from './landing';
import { benchLighthouse } from './lighthouse';
import { benchOcr } from './ocr';
import { benchPlatformSync } from './platform-sync';
import { benchSignedInReads } from './reads';
import { benchmarkTable, describeMachine } from './report';
import { benchRevenue } from './revenue';
import { benchRevenueHistory } from './revenue-history';
import { benchShifts } from './shifts';
import { benchSignedInPages } from './signed-in-pages';
import { benchStartup } from './startup';
import { ROOT } from './support';
import { benchCounters, benchSignups } from './waitlist';
import { benchWaitlistLapses } from './waitlist-lapses';

/**
 * `npm run bench`: measures what docs/benchmarks.md budgets, on this machine. Figures are
 * printed, kept in bench/results/latest.json and tabled in docs/benchmarks.md; no test asserts on them.
 */
const benches: Record<string, () => Promise<Record<string, unknown>>> = {
  startup: benchStartup,
  delivery: benchDelivery,
  revenue: benchRevenue,
  revenueHistory: benchRevenueHistory,
  healthCheck: benchHealthCheck,
  ocr: benchOcr,
  blueprint: benchBlueprint,
  alertScan: benchAlertScan,
  alertScanShared: benchAlertScanShared,
  shifts: benchShifts,
  platformSync: benchPlatformSync,
  landingJs: benchLandingJs,
  lighthouse: benchLighthouse,
  signedInPages: benchSignedInPages,
  signups: benchSignups,
  counters: benchCounters,
  waitlistLapses: benchWaitlistLapses,
  signedInReads: benchSignedInReads,
};

const only = process.argv.slice(2);

// The client's figures are of what the sources build to now, not of whatever dist/ holds.
if (only.length === 0 || only.some((name) => ['landingJs', 'lighthouse', 'signedInPages'].includes(name))) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// A run of some benches keeps the others' latest figures (with their own dates) in the report.
const out = path.join(ROOT, 'bench/results');
const latestFile = path.join(out, 'latest.json');
const previous = JSON.parse(await readFile(latestFile, 'utf8').catch(() => '{}')) as {
  results?: Record<string, unknown>;
  ranAt?: Record<string, string>;
};
const results: Record<string, unknown> = { ...previous.results };
const ranAt: Record<string, string> = { ...previous.ranAt };
for (const [name, run] of Object.entries(benches)) {
  if (only.length > 0 && !only.includes(name)) continue;
  process.stdout.write(`${name}… `);
  results[name] = await run();
  ranAt[name] = new Date().toISOString().slice(0, 16).replace('T', ' ');
  console.log(JSON.stringify(results[name]));
}
await mkdir(out, { recursive: true });
await writeFile(latestFile, `${JSON.stringify({ machine: describeMachine(), results, ranAt }, null, 2)}\n`);

// The table in docs/benchmarks.md, between its markers; the prose around it is written by hand. Rows of
// benches not run this time (or not in bench/results, which a fresh clone lacks) are kept as they were.
const doc = path.join(ROOT, 'docs/benchmarks.md');
const [START, END] = ['<!-- bench:table:start -->', '<!-- bench:table:end -->'];
const text = await readFile(doc, 'utf8');
const [before, rest] = text.split(START);
const [table, after] = rest?.split(END) ?? [];
if (before === undefined || table === undefined || after === undefined)
  throw new Error(`docs/benchmarks.md needs ${START} and ${END}`);
await writeFile(doc, `${before}${START}\n${benchmarkTable(results, ranAt, table)}\n${END}${after}`);
console.log('wrote docs/benchmarks.md');
