import { describe, expect, it } from 'vitest';
import { citationsOutside, decisionsWithoutStatus } from '../../scripts/docs-claims';

describe('the docs claims check', () => {
  it('refuses a decision record that says no status, in either form', () => {
    expect(
      decisionsWithoutStatus({
        'docs/decisions/001-stack.md': '# 001: Stack\n\n- Status: accepted\n\nText.',
        'docs/decisions/048-counters.md': '# 048\n\n## Context\n\nText.\n\n## Status\n\nAccepted.\n',
        'docs/decisions/049-draft.md': '# 049: A draft\n\n## Context\n\nThe status of the job is checked.\n',
        'docs/decisions/README.md': 'How to write one.',
      }),
    ).toEqual([
      'docs/decisions/049-draft.md: says no status (add "## Status" with Accepted, or what replaced it)',
    ]);
  });

  it('refuses a citation of a document kept outside the repository, and lets through names that only look alike', () => {
    expect(
      citationsOutside({
        'bench/first-load.ts': '/** DESIGN.md §7 budgets. */\nconst a = 1;',
        'docs/a.md': 'As the STYLE.md says.\nSee ../shared/notes.',
        'docs/b.md': 'The OpenAPI spec.md… no: the product spec, and tests/e2e/auth.spec.md and my-spec.md.',
        'docs/c.md': 'Our ARCHITECTURE.md and docs/product.md are here.',
      }),
    ).toEqual([
      'bench/first-load.ts:1: cites a document outside the repository',
      'docs/a.md:1: cites a document outside the repository',
      'docs/a.md:2: cites a document outside the repository',
      'docs/b.md:1: cites a document outside the repository',
    ]);
  });
});
