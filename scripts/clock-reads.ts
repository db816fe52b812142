// Part of `npm run lint`: the app reads the time from one clock (`server/clock.ts`, and the browser's in
// `client/src/lib/clock.ts`). A bare `new Date()` or `Date.now()` anywhere else in app code is a rule
// that depends on the day it runs, which a test cannot choose (decision 057).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The only files that may read the machine's clock. */
export const CLOCK_FILES = ['server/clock.ts', 'client/src/lib/clock.ts'];

/** The folders of app code; tests, scripts and benchmarks measure real time and are not checked. */
const APP_FOLDERS = ['server', 'common', 'client/src'];

const isTestFile = (file: string) => /\.(test|spec)\.tsx?$/.test(file) || /\/test-support\.ts$/.test(file);

/** Each bare clock read in one file's source, as "file:line: what". */
export function findClockReads(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const problems: string[] = [];
  const report = (node: ts.Node, what: string) => {
    const line = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1;
    problems.push(`${file}:${line}: ${what}; take the time from the clock it is given`);
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'Date' &&
      (node.arguments === undefined || node.arguments.length === 0)
    ) {
      report(node, 'new Date() reads the machine clock');
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'Date' &&
      node.expression.name.text === 'now'
    ) {
      report(node, 'Date.now() reads the machine clock');
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return problems;
}

/** Every bare clock read in the given files, the clock files and tests excepted. */
export function findClockReadsIn(files: Record<string, string>): string[] {
  return Object.entries(files)
    .filter(([file]) => !CLOCK_FILES.includes(file) && !isTestFile(file))
    .flatMap(([file, source]) => findClockReads(file, source));
}

function listFiles(root: string, folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files = Object.fromEntries(
    APP_FOLDERS.flatMap((folder) => listFiles(root, folder)).map((file) => [
      file,
      readFileSync(path.join(root, file), 'utf8'),
    ]),
  );
  const problems = findClockReadsIn(files);
  if (problems.length > 0) {
    console.error('The machine clock read outside the clock (server/clock.ts, client/src/lib/clock.ts):');
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(`Clock reads: ${Object.keys(files).length} files checked, each takes the time from its clock.`);
}
