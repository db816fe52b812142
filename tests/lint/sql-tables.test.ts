import { describe, expect, it } from 'vitest';
import { findExportedFragments, findForeignTables, tableOwners } from '../../scripts/sql-tables';

const owners = tableOwners({
  auth: "export const users = pgTable('users', {});",
  revenue: "export const revenueEntries = pgTable(\n  'revenue_entries',\n  {},\n);",
  outbox: "export const outboxMessages = pgTable('outbox_messages', {});",
});

describe('the raw-SQL table check', () => {
  it("refuses a feature naming another feature's or the jobs' table in SQL", () => {
    expect(
      findForeignTables(
        {
          'server/features/alerts/scan-store.ts':
            'sql`SELECT s.user_id FROM alert_scans s JOIN users u ON u.id = s.user_id`',
          'server/features/billing/store.ts': 'sql`DELETE FROM outbox_messages WHERE id = $1`',
          'server/jobs/outbox-store.ts': 'sql`UPDATE revenue_entries SET amount = 0`',
        },
        owners,
      ),
    ).toEqual([
      'server/features/alerts/scan-store.ts: names users in SQL, a table of server/features/auth; call a function it exports',
      'server/features/billing/store.ts: names outbox_messages in SQL, a table of server/jobs; call a function it exports',
      'server/jobs/outbox-store.ts: names revenue_entries in SQL, a table of server/features/revenue; call a function it exports',
    ]);
  });

  it('allows its own tables, tests, prose and code outside the features', () => {
    expect(
      findForeignTables(
        {
          'server/features/revenue/totals-store.ts': 'sql`SELECT sum(amount) FROM revenue_entries`',
          'server/features/auth/users-store.ts': 'sql`SELECT id FROM users WHERE email = $1`',
          'server/features/alerts/alerts.test.ts': 'sql`INSERT INTO revenue_entries VALUES (1)`',
          'server/features/alerts/service.ts': '// figures come from revenue_entries through revenue/public',
          'server/db/migrate.ts': 'sql`SELECT 1 FROM users`',
        },
        owners,
      ),
    ).toEqual([]);
  });

  it('refuses a schema file nobody owns', () => {
    expect(() => tableOwners({ extra: "pgTable('extra', {})" })).toThrow(/no owner/);
  });
});

describe('the public modules’ SQL check', () => {
  it('refuses a public module handing out a fragment, by its name or its declared type', () => {
    expect(
      findExportedFragments({
        'server/features/billing/public.ts': "export { accountCoversSql, findPlans } from './store';",
        'server/features/auth/public.ts': "export { type Holder, accountsOf } from './users-store';",
        'server/features/auth/users-store.ts': 'export function accountsOf(id: SQL): SQL {\n  return id;\n}',
      }),
    ).toEqual([
      'server/features/billing/public.ts: exports accountCoversSql',
      'server/features/auth/public.ts: exports accountsOf',
    ]);
  });

  it('allows typed functions, and fragments kept inside the feature', () => {
    expect(
      findExportedFragments({
        'server/features/billing/public.ts': "export { filterUsersCovering } from './entitlement-service';",
        'server/features/billing/store.ts': 'function coversSql(user: SQL): SQL {\n  return user;\n}',
        'server/features/billing/other.ts': 'export const partSql = 1;',
      }),
    ).toEqual([]);
  });
});
