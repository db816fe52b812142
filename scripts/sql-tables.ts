// Part of `npm run lint`: raw SQL in a feature names only its own tables (decision 037). Import rules
// see a schema imported across features; they cannot see `FROM users` written into a template string.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const { TABLE_OWNERS } = createRequire(import.meta.url)('./table-owners.cjs') as {
  TABLE_OWNERS: Record<string, string>;
};

/** Table name → owning folder, from each schema file's `pgTable('name'` calls. */
export function tableOwners(schemas: Record<string, string>): Map<string, string> {
  const owners = new Map<string, string>();
  for (const [schema, source] of Object.entries(schemas)) {
    const owner = TABLE_OWNERS[schema];
    if (!owner) throw new Error(`server/db/schema/${schema}.ts has no owner in scripts/table-owners.cjs`);
    for (const match of source.matchAll(/pgTable\(\s*'([a-z_]+)'/g)) owners.set(match[1] as string, owner);
  }
  return owners;
}

const TABLE_REFERENCE = /\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+([a-z_]+)\b/g;

/** Raw-SQL references in server code to tables another owner keeps ("file: names table (owner's)"). */
export function findForeignTables(files: Record<string, string>, owners: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const [file, source] of Object.entries(files)) {
    if (/(\.test|\/test-support)\.ts$/.test(file) || !/^server\/(features\/[^/]+|jobs)\//.test(file))
      continue;
    for (const match of source.matchAll(TABLE_REFERENCE)) {
      const owner = owners.get(match[1] as string);
      if (owner && !file.startsWith(`${owner}/`)) {
        problems.push(`${file}: names ${match[1]} in SQL, a table of ${owner}; call a function it exports`);
      }
    }
  }
  return [...new Set(problems)];
}

/**
 * SQL that a feature's public module hands out ("file: exports name"): a name ending in `Sql`, or a
 * function of that feature declared to answer `SQL`. Other features ask typed questions instead
 * (decision 053), so no statement is built from another feature's fragments.
 */
export function findExportedFragments(files: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const [file, source] of Object.entries(files)) {
    const feature = /^(server\/features\/[^/]+)\/public\.ts$/.exec(file)?.[1];
    if (!feature) continue;
    const fragments = new Set<string>();
    for (const [other, code] of Object.entries(files)) {
      if (!other.startsWith(`${feature}/`)) continue;
      for (const match of code.matchAll(/export (?:async )?function (\w+)\([^)]*\):\s*SQL\b/g))
        fragments.add(match[1] as string);
    }
    const exported = [...source.matchAll(/export\s*(?:type\s*)?\{([^}]*)\}/g)].flatMap((match) =>
      (match[1] as string).split(',').map(
        (name) =>
          name
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)
            .pop()!,
      ),
    );
    for (const name of exported) {
      if (name && (/Sql$/.test(name) || fragments.has(name))) problems.push(`${file}: exports ${name}`);
    }
  }
  return problems;
}

function listFiles(root: string, folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  const schemas = Object.fromEntries(
    listFiles(root, 'server/db/schema').map((file) => [path.basename(file, '.ts'), read(file)]),
  );
  const files = Object.fromEntries(listFiles(root, 'server').map((file) => [file, read(file)]));
  const problems = findForeignTables(files, tableOwners(schemas));
  const fragments = findExportedFragments(files);
  if (fragments.length > 0) {
    console.error('SQL handed out by a public module (export a typed function that answers plain data):');
    for (const problem of fragments) console.error(`  ${problem}`);
    process.exit(1);
  }
  if (problems.length > 0) {
    console.error('Tables named in another feature’s SQL (scripts/table-owners.cjs says whose each is):');
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(
    `SQL tables: ${Object.keys(files).length} files checked, each names only its own tables and no public module hands out SQL.`,
  );
}
