import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = import.meta.dirname;
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;

/** Writes .br and .gz beside each text asset so the server can send them without compressing per request. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'ballast:precompress',
    // The prerender bundle (an SSR build) is only run at build time: nothing to serve, nothing to compress.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const full = path.join(outDir, file);
            const content = await readFile(full);
            if (content.length < 1024) return;
            await writeFile(`${full}.gz`, gzipSync(content, { level: 9 }));
            await writeFile(
              `${full}.br`,
              brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
          }),
      );
    },
  };
}

/** Import aliases, shared with the Vitest config (tsconfig.json `paths` says the same for tsc and tsx). */
export const aliases = {
  '@common': path.join(root, 'common'),
  '@': path.join(root, 'client/src'),
};

/**
 * Libraries every page starts with. Mutations are only used by forms, which load later; infinite
 * queries only by the overview's alerts.
 */
const isFirstLoadLibrary = (id: string) =>
  /node_modules\/(react|react-dom|scheduler|@tanstack\/(query-core|react-query)|wouter|regexparam|clsx|class-variance-authority)\//.test(
    id,
  ) &&
  !/\/(useMutation|mutationObserver|useInfiniteQuery|infiniteQueryObserver|infiniteQueryOptions)\.js$/.test(
    id,
  );

/**
 * With them, the few small modules of ours that every page imports too: as chunks of their own (once
 * lazy pages share them) each costs a request and compresses alone.
 */
const isFirstLoadModule = (id: string) =>
  isFirstLoadLibrary(id) || /(client\/src\/lib\/(api|utils)|common\/waitlist)\.ts$/.test(id);

/**
 * wouter imports the useSyncExternalStore shim for React < 18; React 19 has the hook built in, so the
 * client build points the shim at React's own and saves its bytes on every page.
 */
const reactHasUseSyncExternalStore = {
  'use-sync-external-store/shim/index.js': path.join(root, 'client/src/lib/use-sync-external-store.ts'),
};

export default defineConfig({
  root: path.join(root, 'client'),
  publicDir: path.join(root, 'client/public'),
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { ...reactHasUseSyncExternalStore, ...aliases } },
  build: {
    // Every browser we support preloads modules natively.
    modulePreload: { polyfill: false },
    outDir: path.join(root, 'dist/client'),
    emptyOutDir: true,
    // None: production would serve the client's source to anyone (decision 041). The dev server maps
    // its modules whatever this says.
    sourcemap: false,
    // Read by `npm run bench` to add up what the landing page loads first.
    manifest: true,
    rolldownOptions: {
      // Zod schemas are plain values: one a chunk does not use is dropped, and with the last of them
      // zod itself. Built on a variable (`.extend`), a schema needs a /* @__PURE__ */ mark in common/.
      treeshake: {
        manualPureFunctions: ['z'],
        // A feature's public module only re-exports: unmarked, a page that uses one of its names would
        // also fetch every other module it re-exports (the landing page, the waitlist form).
        moduleSideEffects: (id) => !/\/features\/[^/]+\/public\.tsx?$/.test(id),
      },
      output: {
        codeSplitting: {
          // The libraries every page starts with, in one chunk: split across several (as the automatic
          // splitting would, by which lazy chunks share them) they compress worse and cost requests.
          groups: [{ name: 'framework', test: isFirstLoadModule }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000', '/healthz': 'http://localhost:5000' },
  },
});
