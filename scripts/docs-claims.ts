// Part of `npm run lint`: claims the docs make that a reader relies on stay true. Every decision record
// says its status; nothing in the repository cites a document that is not in it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** "## Status" as a section, or "- Status: …" among the lines under the title. */
const STATUS = /^(## Status\s*$|- Status: \S)/m;

/** Decision records with no status, so a reader cannot tell whether they still hold. */
export function decisionsWithoutStatus(records: Record<string, string>): string[] {
  return Object.entries(records)
    .filter(([file, text]) => /\/\d{3}-[^/]+\.md$/.test(file) && !STATUS.test(text))
    .map(([file]) => `${file}: says no status (add "## Status" with Accepted, or what replaced it)`);
}

/** Documents that live beside the repository, not in it: a reader of the repository cannot open them. */
const OUTSIDE = /\b(?:DESIGN|STYLE)\.md\b|(?<![\w/.-])spec\.md\b|\.\.\/shared\//;

export function citationsOutside(files: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    text.split('\n').forEach((line, index) => {
      if (OUTSIDE.test(line)) problems.push(`${file}:${index + 1}: cites a document outside the repository`);
    });
  }
  return problems;
}

/** This check names the documents it looks for; it is the one file allowed to. */
const SELF = ['scripts/docs-claims.ts', 'tests/lint/docs-claims.test.ts'];
const TEXT = /\.(ts|tsx|mts|mjs|cjs|js|md|json|css|html|yml|yaml)$/;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => TEXT.test(file) && !SELF.includes(file) && !file.startsWith('tests/fixtures/'));
  const read = (file: string) => {
    try {
      return readFileSync(path.join(root, file), 'utf8');
    } catch {
      return ''; // deleted in the working tree
    }
  };
  const files = Object.fromEntries(tracked.map((file) => [file, read(file)]));
  const decisions = Object.fromEntries(
    Object.entries(files).filter(([file]) => file.startsWith('docs/decisions/')),
  );
  const problems = [...decisionsWithoutStatus(decisions), ...citationsOutside(files)];
  if (problems.length > 0) {
    console.error('Docs making claims a reader cannot check:');
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(
    `Docs: ${Object.keys(decisions).length} decision records each say their status; ${tracked.length} files cite nothing outside the repository.`,
  );
}
