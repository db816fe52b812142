// The house's import rules, checked by `npm run lint` (ARCHITECTURE.md "Layers and boundaries",
// decision 037). A new exception is a change to this file, reviewed like code: say why beside it.

/** Tests (and the setup files beside them) may reach into any feature to arrange its data; the rules below are for what ships. */
const TESTS = ['\\.test\\.tsx?$', '/test-support\\.ts$', '^tests/'];

const { TABLE_OWNERS } = require('./scripts/table-owners.cjs');

/** The files that may import an owner's tables: a feature's store files, or anything in server/jobs. */
const ownFiles = (owner) =>
  owner.startsWith('server/features/') ? `^${owner}/[a-z-]*store\\.ts$` : `^${owner}/`;

/** The only files that may import a schema besides its owner's stores: they build or migrate the database. */
const SCHEMA_TOOLING = ['^server/db/', '^drizzle\\.config\\.ts$'];

const tableRules = Object.entries(TABLE_OWNERS).map(([schema, owner]) => ({
  name: `table-${schema}`,
  comment: `The ${schema} tables are read and written only by ${owner}'s store files; other code calls a function that feature exports.`,
  severity: 'error',
  from: {
    pathNot: [...TESTS, ...SCHEMA_TOOLING, ownFiles(owner)],
  },
  to: { path: `^server/db/schema/${schema}\\.ts$` },
}));

// Auth's adapter configuration hands the auth tables to Better Auth, which is auth's own store.
tableRules
  .find((rule) => rule.name === 'table-auth')
  .from.pathNot.push('^server/features/auth/better-auth\\.ts$');

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Modules that import each other cannot be read, tested or loaded one at a time.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing is a typo or a missing package.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'common-imports-neither-side',
      comment: 'common/ is shared by the browser and the server, so it imports neither.',
      severity: 'error',
      from: { path: '^common/' },
      to: { path: '^(client|server)/' },
    },
    {
      name: 'client-and-server-apart',
      comment: 'The browser bundle never holds server code, and the server never imports the client.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-not-into-client',
      comment: 'The server serves the built client as files; it never imports its source.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^client/' },
    },
    {
      name: 'lower-layers-not-upward',
      comment:
        'Features use the database, jobs and integrations; those never import a feature, the HTTP layer or the app.',
      severity: 'error',
      from: { path: '^server/(db|jobs|integrations)/', pathNot: TESTS },
      to: { path: '^server/(features|http)/|^server/(app|main)\\.ts$' },
    },
    {
      name: 'integrations-keep-nothing',
      comment: 'Clients for outside services keep nothing in the database (ARCHITECTURE.md).',
      severity: 'error',
      from: { path: '^server/integrations/', pathNot: TESTS },
      to: { path: '^server/(db|jobs)/' },
    },
    {
      name: 'features-through-public-modules',
      comment:
        "A feature imports another feature only through that feature's public module (public.ts / public.tsx).",
      severity: 'error',
      from: { path: '^(server|client/src)/features/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^$1/features/[^/]+/',
        pathNot: ['^$1/features/$2/', '^$1/features/[^/]+/public\\.tsx?$'],
      },
    },
    {
      name: 'http-through-public-modules',
      comment:
        'The cross-cutting HTTP layer (client serving, public config) reaches a feature only through its public module.',
      severity: 'error',
      from: { path: '^server/http/', pathNot: TESTS },
      to: { path: '^server/features/[^/]+/', pathNot: '^server/features/[^/]+/public\\.ts$' },
    },
    {
      name: 'app-composes-feature-plugins',
      comment:
        "app.ts composes each feature through its plugin (plugin.ts), given what the plugin's options name; what a feature builds inside it (Better Auth, payments, the alert hub, the counters) stays inside (decision 052).",
      severity: 'error',
      from: { path: '^server/app\\.ts$' },
      to: { path: '^server/features/', pathNot: '^server/features/[^/]+/plugin\\.ts$' },
    },
    {
      name: 'feature-plugins-registered-by-app',
      comment:
        "A feature's plugin is registered once, by app.ts; everything else uses the feature's public module (decision 052).",
      severity: 'error',
      from: { pathNot: ['^server/app\\.ts$', ...TESTS] },
      to: { path: '^server/features/[^/]+/plugin\\.ts$' },
    },
    {
      name: 'workers-through-public-modules',
      comment:
        "startWorkers (server/workers.ts) and main.ts start a feature's background work through its public module (decision 052).",
      severity: 'error',
      from: { path: '^server/(main|workers)\\.ts$' },
      to: { path: '^server/features/[^/]+/', pathNot: '^server/features/[^/]+/public\\.ts$' },
    },
    ...tableRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
