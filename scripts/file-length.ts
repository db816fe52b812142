// Part of `npm run lint`: a source file past 300 lines usually holds two things and wants to be two files
// (CONTRIBUTING.md "Layout and names"). Data tables are exempt; each is listed here with its reason.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_LINES = 300;

export const SOURCE_FOLDERS = ['server', 'client', 'common', 'scripts', 'bench', 'tests'] as const;

const SOURCE = /\.(?:ts|tsx|mjs)$/;

/** [file, why] — tables of content, where a split would cut a list rather than separate two concerns. */
export const DATA_TABLES: readonly (readonly [string, string])[] = [
  [
    'server/features/blueprints/plays.ts',
    'the play library: one entry per monetisation play, its tasks written out (what a play is: play.ts)',
  ],
];

/**
 * Files over the limit that are still to be split, so the check holds for everything else meanwhile;
 * none are left. The list only shrinks: an entry that is back under the limit (or gone) fails the check
 * until it is removed here, so a split cannot quietly leave room for the file to grow back.
 */
export const TO_SPLIT: readonly string[] = [];

/** Lines as an editor numbers them: a final newline does not start another line. */
export function countLines(text: string): number {
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

/**
 * The problems in `files` (root-relative path → line count): files over the limit that neither list
 * allows, and entries of the to-split list that no longer need to be there.
 */
export function findLengthProblems(
  files: Record<string, number>,
  lists: { dataTables: readonly string[]; toSplit: readonly string[] } = {
    dataTables: DATA_TABLES.map(([file]) => file),
    toSplit: TO_SPLIT,
  },
): string[] {
  const problems: string[] = [];
  for (const [file, lines] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    if (lines <= MAX_LINES || lists.dataTables.includes(file) || lists.toSplit.includes(file)) continue;
    problems.push(`${file}: ${lines} lines, over ${MAX_LINES}; split it along a seam`);
  }
  for (const file of lists.toSplit) {
    const lines = files[file];
    if (lines === undefined) problems.push(`${file}: listed as still to split, but there is no such file`);
    else if (lines <= MAX_LINES)
      problems.push(`${file}: ${lines} lines, within the limit; take it off the to-split list`);
  }
  return problems;
}

function listSources(root: string, folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) found.push(...listSources(root, relative));
    else if (SOURCE.test(entry.name)) found.push(relative);
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files: Record<string, number> = {};
  for (const folder of SOURCE_FOLDERS) {
    for (const file of listSources(root, folder)) {
      files[file] = countLines(readFileSync(path.join(root, file), 'utf8'));
    }
  }
  const problems = findLengthProblems(files);
  if (problems.length > 0) {
    console.error('File length (see scripts/file-length.ts for the exempt data tables):');
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(
    `File length: ${Object.keys(files).length} files checked, none over ${MAX_LINES} lines ` +
      `but ${DATA_TABLES.length} data table(s) and ${TO_SPLIT.length} still to split.`,
  );
}
