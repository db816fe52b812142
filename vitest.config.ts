import { defineConfig } from 'vitest/config';
import { aliases } from './vite.config.ts';

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: [
      'server/**/*.test.ts',
      'common/**/*.test.ts',
      'client/**/*.test.{ts,tsx}',
      'tests/**/*.test.ts',
    ],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/setup-file.ts'],
    pool: 'forks',
    // Two files at a time on two cores: one at a time kept only 1.2 cores busy (files wait on PostgreSQL
    // and on the servers they spawn), and the suite takes about 10 minutes instead of 15.
    maxWorkers: 2,
    // Each worker keeps the modules it has loaded from one file to the next: loading the server's modules
    // (the AWS SDK, Better Auth, Fastify) again for each of 110 files took about as long as the tests
    // themselves (9 minutes in all, against 5.5 now). No test changes a module's state for the next:
    // each starts its own app and database, and none mocks a module.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
