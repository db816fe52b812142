// Part of `npm run lint`: a feature may not import another feature's internals (STYLE.md "Shape"), and
// common/ imports neither side. A server feature's public.ts is open to every other feature; the other
// exceptions are deliberate and listed here, each with its reason (ARCHITECTURE.md names them too).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** [importing feature or '*', imported file prefix, why] — prefixes are relative to the project root. */
export const ALLOWED_CROSSINGS: readonly (readonly [string, string, string])[] = [
  ['*', 'client/src/features/auth/api/get-user', 'any feature may read or refresh the signed-in user'],
  [
    'admin',
    'client/src/features/auth/api/sign-in',
    'an operator signed in with a password asks for a sign-in link to open the console',
  ],
  ['dashboard', 'client/src/features/revenue/api/', 'the creator dashboard composes other features’ queries'],
  [
    'dashboard',
    'client/src/features/health-check/api/',
    'the creator dashboard composes other features’ queries',
  ],
  [
    'dashboard',
    'client/src/features/blueprints/api/',
    'the creator dashboard composes other features’ queries',
  ],
  [
    'dashboard',
    'client/src/features/health-check/components/risk-band-badge',
    'the health card shows the risk band as the health check does',
  ],
  [
    'health-check',
    'client/src/features/screenshots/components/screenshot-panels',
    'the health check shows the screenshot upload panels (spec §2)',
  ],
  [
    'health-check',
    'client/src/features/platforms/components/',
    'the health check shows the platform connect panel (spec §2)',
  ],
  ['dashboard', 'client/src/features/alerts/api/', 'the creator dashboard composes other features’ queries'],
  [
    '*',
    'client/src/features/alerts/components/severity-badge',
    'an alert’s severity looks the same wherever it shows (dashboard, bulletin preview)',
  ],
  [
    'marketing',
    'client/src/features/waitlist/',
    'the marketing pages place the waitlist form, buttons and counters',
  ],
  ['*', 'server/features/auth/session', 'signed-in routes register through the session scope'],
  ['*', 'server/features/revenue/totals', 'scores are made from revenue totals by source'],
  [
    'platforms',
    'server/features/revenue/synced',
    'YouTube’s estimated revenue is written into the tracker by the platform sync',
  ],
  [
    '*',
    'server/features/platforms/metrics',
    'platform figures are written by screenshots and read by scores',
  ],
  ['*', 'server/features/alerts/bands', 'a health check crossing a band raises an alert at once'],
  ['admin', 'server/features/alerts/bulletins', 'the console publishes bulletins through the alerts fan-out'],
  [
    '*',
    'server/features/billing/entitlements',
    'alerts and platforms ask what the creator’s plan opens (billing/public.ts for new code)',
  ],
  [
    '*',
    'client/src/features/billing/components/locked-feature',
    'a locked feature says which plan opens it, the same way everywhere',
  ],
  [
    'dashboard',
    'client/src/features/contact/components/strategy-review-card',
    'The Mastermind asks for the monthly strategy review from the dashboard',
  ],
  [
    '*',
    'client/src/features/billing/api/get-billing-status',
    'screens with locked parts read the creator’s plan',
  ],
];

const SOURCE = /\.(?:ts|tsx|mts|mjs|js)$/;
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const FEATURE = /^(client\/src|server)\/features\/([^/]+)\//;
/** A server feature's public module: what any other feature may call. */
const PUBLIC_MODULE = /^server\/features\/[^/]+\/public(?:\.ts)?$/;

/** Where an import specifier points, relative to the root, or null for packages. */
function resolveSpecifier(fromFile: string, specifier: string): string | null {
  if (specifier.startsWith('@common/')) return `common/${specifier.slice('@common/'.length)}`;
  if (specifier.startsWith('@/')) return `client/src/${specifier.slice(2)}`;
  if (specifier.startsWith('.'))
    return path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  return null;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('tests/');

/**
 * The boundary violations in `files` (root-relative path → source text): imports of another feature's
 * files that no exception allows, and imports of client or server code from common/.
 */
export function findBoundaryViolations(files: Record<string, string>): string[] {
  const violations: string[] = [];
  for (const [file, source] of Object.entries(files)) {
    if (isTest(file)) continue;
    const feature = FEATURE.exec(file);
    for (const match of source.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? '';
      const target = resolveSpecifier(file, specifier);
      if (!target) continue;
      if (file.startsWith('common/') && (target.startsWith('client/') || target.startsWith('server/'))) {
        violations.push(`${file}: common/ must not import ${specifier}`);
        continue;
      }
      const targetFeature = FEATURE.exec(target);
      if (!feature || !targetFeature) continue;
      const [, side, name] = feature;
      const [, targetSide, targetName] = targetFeature;
      if (side !== targetSide || name === targetName) continue;
      const isAllowed =
        PUBLIC_MODULE.test(target) ||
        ALLOWED_CROSSINGS.some(
          ([importer, prefix]) => (importer === '*' || importer === name) && target.startsWith(prefix),
        );
      if (!isAllowed) {
        violations.push(
          `${file}: the ${name} feature imports ${specifier}, an internal of the ${targetName} feature`,
        );
      }
    }
  }
  return violations;
}

function listSources(root: string, folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) found.push(...listSources(root, relative));
    else if (SOURCE.test(entry.name)) found.push(relative);
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files: Record<string, string> = {};
  for (const folder of ['client/src', 'server', 'common']) {
    for (const file of listSources(root, folder)) files[file] = readFileSync(path.join(root, file), 'utf8');
  }
  const violations = findBoundaryViolations(files);
  if (violations.length > 0) {
    console.error(`Feature boundaries crossed (see scripts/feature-boundaries.ts for the allowed ones):`);
    for (const violation of violations) console.error(`  ${violation}`);
    process.exit(1);
  }
  console.log(`Feature boundaries: ${Object.keys(files).length} files checked, none crossed.`);
}
