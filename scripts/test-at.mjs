#!/usr/bin/env node
// `npm run test:at -- "2027-07-01 00:30" Europe/London [dated | unit | e2e | <vitest file or folder> …]`
//
// Runs the tests as if the machine's clock said that moment in that zone: under libfaketime every
// process (Node, the embedded PostgreSQL, Chromium) sees the shifted clock, which then runs on. The
// moment is read in the zone given. With nothing after the zone, the whole `npm test`; `dated`, the
// tests whose answers depend on the day (the list below); `unit`, every Vitest file; `e2e`, the build
// and the Playwright specs; anything else is handed to Vitest as files or folders.
import { spawnSync } from 'node:child_process';

/** The tests that depend on the day: months, windows, alerts and scans, plans and periods, links. */
export const DATED_TESTS = [
  'common/calendar.test.ts',
  'common/alerts.test.ts',
  'client/src/features/dashboard',
  'client/src/features/billing',
  'server/features/revenue',
  'server/features/health-check',
  'server/features/blueprints',
  'server/features/alerts',
  'server/features/shifts',
  'server/features/billing',
  'server/features/auth/sessions.test.ts',
  'server/features/auth/passwords-and-links.test.ts',
  'server/features/auth/sign-in-lock.test.ts',
  'server/features/platforms/youtube-sync.test.ts',
  'server/features/platforms/history.test.ts',
  'server/features/waitlist/removal.test.ts',
  'server/dates-in-any-zone.test.ts',
];

const [when, zone, ...what] = process.argv.slice(2);
if (!when || !zone) {
  console.error(
    'Usage: npm run test:at -- "<YYYY-MM-DD HH:MM>" <time zone> [dated | unit | e2e | <test files> …]',
  );
  console.error('For example: npm run test:at -- "2027-07-01 00:30" Europe/London dated');
  process.exit(2);
}
if (spawnSync('faketime', ['--help'], { stdio: 'ignore' }).error) {
  console.error('faketime is not installed. On Debian or Ubuntu: sudo apt-get install -y faketime');
  process.exit(2);
}

function command() {
  if (what.length === 0) return ['npm', 'test'];
  if (what.length === 1 && what[0] === 'unit') return ['npx', 'vitest', 'run'];
  if (what.length === 1 && what[0] === 'e2e') return ['npm', 'run', 'test:e2e'];
  if (what.length === 1 && what[0] === 'dated') return ['npx', 'vitest', 'run', ...DATED_TESTS];
  return ['npx', 'vitest', 'run', ...what];
}

const env = { ...process.env, TZ: zone };
const shown = spawnSync('faketime', [when, 'date', '+%A %-d %B %Y %H:%M %Z (%Y-%m-%dT%H:%M:%S%z)'], {
  env,
  encoding: 'utf8',
});
if (shown.status !== 0) {
  console.error(`faketime could not read "${when}": ${shown.stderr.trim()}`);
  process.exit(2);
}
console.log(
  `▶ tests at ${shown.stdout.trim()} in ${zone}, on Node ${process.version}: ${command().join(' ')}`,
);
const result = spawnSync('faketime', [when, ...command()], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
