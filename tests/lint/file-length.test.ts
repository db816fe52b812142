import { describe, expect, it } from 'vitest';
import { countLines, DATA_TABLES, findLengthProblems, MAX_LINES, TO_SPLIT } from '../../scripts/file-length';

const linesOf = (count: number) => 'const x = 1;\n'.repeat(count);
const noExemptions = { dataTables: [], toSplit: [] };

describe('file length', () => {
  it('counts lines as an editor numbers them', () => {
    expect(countLines('')).toBe(0);
    expect(countLines('a')).toBe(1);
    expect(countLines('a\n')).toBe(1);
    expect(countLines('a\nb')).toBe(2);
    expect(countLines(linesOf(MAX_LINES))).toBe(MAX_LINES);
  });

  it('refuses a source file one line over the limit, and allows one at the limit', () => {
    const files = {
      'server/features/revenue/service.ts': countLines(linesOf(MAX_LINES + 1)),
      'client/src/features/revenue/components/list.tsx': countLines(linesOf(MAX_LINES)),
    };
    expect(findLengthProblems(files, noExemptions)).toEqual([
      `server/features/revenue/service.ts: ${MAX_LINES + 1} lines, over ${MAX_LINES}; split it along a seam`,
    ]);
  });

  it('allows a listed data table or a file still to split, at any length', () => {
    const files = { 'common/table.ts': 900, 'server/app.ts': 400 };
    expect(
      findLengthProblems(files, { dataTables: ['common/table.ts'], toSplit: ['server/app.ts'] }),
    ).toEqual([]);
  });

  it('refuses a to-split entry that is back under the limit or gone, so the list only shrinks', () => {
    const files = { 'server/app.ts': 250 };
    expect(
      findLengthProblems(files, { dataTables: [], toSplit: ['server/app.ts', 'server/gone.test.ts'] }),
    ).toEqual([
      'server/app.ts: 250 lines, within the limit; take it off the to-split list',
      'server/gone.test.ts: listed as still to split, but there is no such file',
    ]);
  });

  it('gives every data table a reason, and lists no file twice', () => {
    for (const [file, why] of DATA_TABLES) {
      expect(why.length, file).toBeGreaterThan(10);
      expect(TO_SPLIT).not.toContain(file);
    }
    expect(new Set(TO_SPLIT).size).toBe(TO_SPLIT.length);
  });
});
