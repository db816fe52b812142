import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** Budgets for the JavaScript a first load fetches, gzipped: the landing page's (decision 014) and each signed-in page's (decision 036). */
export const LANDING_BUDGET_KB = 90;
export const SIGNED_IN_PAGE_BUDGET_KB = 110;

const SIGNED_IN_APP = 'src/app/signed-in-app.tsx';

/**
 * Each signed-in page's own chunk (client/src/app/signed-in-pages.ts, decision 036). A first load of
 * one fetches the entry, the signed-in app's chunk and the page's chunk, each with its static imports.
 */
export const SIGNED_IN_PAGES: Record<string, string> = {
  '/': 'src/features/dashboard/components/creator-dashboard-page.tsx',
  '/dashboard': 'src/features/revenue/components/revenue-dashboard-page.tsx',
  '/health-check': 'src/features/health-check/components/health-check-page.tsx',
  '/blueprint': 'src/features/blueprints/components/blueprint-page.tsx',
  '/subscribe': 'src/features/billing/components/subscribe-page.tsx',
  '/settings': 'src/features/account/components/account-settings-page.tsx',
  '/onboarding': 'src/features/onboarding/components/onboarding-page.tsx',
  '/admin': 'src/features/admin/components/admin-console-page.tsx',
  '/admin (console sign-in)': 'src/features/admin/components/console-sign-in-page.tsx',
  '/forgot-password': 'src/features/auth/components/forgot-password-page.tsx',
  '/reset-password': 'src/features/auth/components/reset-password-page.tsx',
};

/**
 * Chunks a page loads itself once it has shown, apart from its first load: the landing page's part
 * below the strike demo (as the visitor scrolls near it), the revenue charts (once there are entries,
 * under the figures; Recharts alone is about as large as a whole first load).
 */
export const AFTER_FIRST_LOAD: Record<string, string> = {
  '/': 'src/features/marketing/components/landing-below-fold.tsx',
  '/dashboard': 'src/features/revenue/components/revenue-charts.tsx',
};

export type FirstLoad = { files: string[]; gzipBytes: number };

export async function readManifest(clientDist: string): Promise<Manifest> {
  return JSON.parse(await readFile(path.join(clientDist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** A chunk and everything it imports statically: what its import and the modulepreload links fetch. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()) {
  if (!manifest[key]) throw new Error(`The build manifest has no ${key}.`);
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

async function gzipBytes(clientDist: string, files: string[]) {
  let total = 0;
  for (const file of files) {
    total += gzipSync(await readFile(path.join(clientDist, file)), { level: 9 }).length;
  }
  return total;
}

async function measure(clientDist: string, manifest: Manifest, keys: Set<string>): Promise<FirstLoad> {
  const files = [...keys].map((key) => manifest[key]!.file).sort();
  return { files, gzipBytes: await gzipBytes(clientDist, files) };
}

/** The landing page's first load, and every signed-in page's, from a build's manifest. */
export async function measureFirstLoads(clientDist: string) {
  const manifest = await readManifest(clientDist);
  const entry = closure(manifest, 'index.html');
  const signedIn = closure(manifest, SIGNED_IN_APP, new Set(entry));
  const landing = await measure(clientDist, manifest, entry);
  const pages: Record<string, FirstLoad & { ownChunkGzipBytes: number }> = {};
  for (const [pathname, key] of Object.entries(SIGNED_IN_PAGES)) {
    const keys = closure(manifest, key, new Set(signedIn));
    const own = [...keys].filter((k) => !signedIn.has(k)).map((k) => manifest[k]!.file);
    pages[pathname] = {
      ...(await measure(clientDist, manifest, keys)),
      ownChunkGzipBytes: await gzipBytes(clientDist, own),
    };
  }
  const later: Record<string, FirstLoad> = {};
  for (const [pathname, key] of Object.entries(AFTER_FIRST_LOAD)) {
    const before =
      pathname === '/' ? entry : closure(manifest, SIGNED_IN_PAGES[pathname]!, new Set(signedIn));
    const keys = [...closure(manifest, key, new Set())].filter((k) => !before.has(k));
    later[pathname] = await measure(clientDist, manifest, new Set(keys));
  }
  return { landing, pages, later };
}
