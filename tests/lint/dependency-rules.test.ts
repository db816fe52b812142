import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const depcruise = path.join(root, 'node_modules/.bin/depcruise');
let project: string | undefined;

/**
 * Runs `npm run lint`'s dependency rules over a small project laid out like ours, and answers each
 * broken rule with the import that broke it ("rule: from → to").
 */
async function violationsIn(files: Record<string, string>): Promise<string[]> {
  project = await mkdtemp(path.join(tmpdir(), 'ballast-rules-'));
  const tsconfig = {
    compilerOptions: {
      module: 'ESNext',
      moduleResolution: 'Bundler',
      jsx: 'react-jsx',
      paths: { '@/*': ['./client/src/*'], '@common/*': ['./common/*'] },
    },
  };
  await writeFile(path.join(project, 'tsconfig.json'), JSON.stringify(tsconfig));
  for (const [file, source] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(project, file)), { recursive: true });
    await writeFile(path.join(project, file), source);
  }
  const folders = [...new Set(Object.keys(files).map((file) => file.split('/')[0] as string))];
  const { stdout } = await promisify(execFile)(
    depcruise,
    [...folders, '--config', path.join(root, '.dependency-cruiser.cjs'), '--output-type', 'json'],
    { cwd: project },
  ).catch((error: { stdout: string }) => error);
  const result = JSON.parse(stdout) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return result.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`).sort();
}

afterEach(async () => {
  if (project) await rm(project, { recursive: true, force: true });
  project = undefined;
});

describe('the dependency rules', () => {
  it("refuse a feature importing another feature's internals, and allow its public module", async () => {
    const violations = await violationsIn({
      'server/features/revenue/store.ts': 'export const listEntries = () => [];\n',
      'server/features/revenue/public.ts': "export { listEntries } from './store';\n",
      'server/features/alerts/service.ts':
        "import { listEntries } from '../revenue/store';\nimport { listEntries as ok } from '../revenue/public';\nexport const scan = () => [listEntries, ok];\n",
      'client/src/features/revenue/api/get-entries.ts': 'export const entriesQuery = {};\n',
      'client/src/features/dashboard/page.tsx':
        "import { entriesQuery } from '@/features/revenue/api/get-entries';\nexport const Page = () => entriesQuery;\n",
    });
    expect(violations).toEqual([
      'features-through-public-modules: client/src/features/dashboard/page.tsx → client/src/features/revenue/api/get-entries.ts',
      'features-through-public-modules: server/features/alerts/service.ts → server/features/revenue/store.ts',
    ]);
  });

  it("refuse a table's schema anywhere but its own feature's store files", async () => {
    const violations = await violationsIn({
      'server/db/schema/revenue.ts': 'export const revenueEntries = {};\n',
      'server/features/revenue/store.ts':
        "import { revenueEntries } from '../../db/schema/revenue';\nexport const t = revenueEntries;\n",
      'server/features/revenue/history-store.ts':
        "import { revenueEntries } from '../../db/schema/revenue';\nexport const h = revenueEntries;\n",
      'server/features/revenue/service.ts':
        "import { revenueEntries } from '../../db/schema/revenue';\nexport const s = revenueEntries;\n",
      'server/features/alerts/store.ts':
        "import { revenueEntries } from '../../db/schema/revenue';\nexport const a = revenueEntries;\n",
    });
    expect(violations).toEqual([
      'table-revenue: server/features/alerts/store.ts → server/db/schema/revenue.ts',
      'table-revenue: server/features/revenue/service.ts → server/db/schema/revenue.ts',
    ]);
  });

  it('refuse imports upward, across the client and server, out of common, and in a cycle', async () => {
    const violations = await violationsIn({
      'common/plans.ts': "import { config } from '../server/config';\nexport const plans = config;\n",
      'server/config.ts': 'export const config = {};\n',
      'server/jobs/boss.ts': "import { scan } from '../features/alerts/scan';\nexport const boss = scan;\n",
      'server/features/alerts/scan.ts': 'export const scan = 1;\n',
      'client/src/lib/api.ts':
        "import { config } from '../../../server/config';\nexport const api = config;\n",
      'server/features/alerts/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'server/features/alerts/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    });
    expect(violations).toEqual([
      'client-and-server-apart: client/src/lib/api.ts → server/config.ts',
      'common-imports-neither-side: common/plans.ts → server/config.ts',
      'lower-layers-not-upward: server/jobs/boss.ts → server/features/alerts/scan.ts',
      'no-circular: server/features/alerts/a.ts → server/features/alerts/b.ts',
    ]);
  });

  it('refuse app.ts anything of a feature but its plugin, and the workers anything but its public module', async () => {
    const violations = await violationsIn({
      'server/features/alerts/stream.ts': 'export const startHub = () => ({});\n',
      'server/features/alerts/scan.ts': 'export const startScan = () => {};\n',
      'server/features/alerts/public.ts': "export { startScan } from './scan';\n",
      'server/features/alerts/plugin.ts':
        "import { startHub } from './stream';\nexport const alertsPlugin = async () => startHub();\n",
      'server/app.ts':
        "import { alertsPlugin } from './features/alerts/plugin';\nimport { startHub } from './features/alerts/stream';\nexport const app = [alertsPlugin, startHub];\n",
      'server/workers.ts':
        "import { startScan } from './features/alerts/public';\nimport { startScan as scan } from './features/alerts/scan';\nexport const workers = [startScan, scan];\n",
      'bench/run.ts':
        "import { alertsPlugin } from '../server/features/alerts/plugin';\nexport const run = alertsPlugin;\n",
    });
    expect(violations).toEqual([
      'app-composes-feature-plugins: server/app.ts → server/features/alerts/stream.ts',
      'feature-plugins-registered-by-app: bench/run.ts → server/features/alerts/plugin.ts',
      'workers-through-public-modules: server/workers.ts → server/features/alerts/scan.ts',
    ]);
  });

  it('leave tests free to arrange any feature’s data', async () => {
    const violations = await violationsIn({
      'server/db/schema/revenue.ts': 'export const revenueEntries = {};\n',
      'server/features/revenue/store.ts': 'export const listEntries = () => [];\n',
      'server/features/alerts/alerts.test.ts':
        "import { revenueEntries } from '../../db/schema/revenue';\nimport { listEntries } from '../revenue/store';\nexport const t = [revenueEntries, listEntries];\n",
    });
    expect(violations).toEqual([]);
  });
});
