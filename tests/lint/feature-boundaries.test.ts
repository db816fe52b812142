import { describe, expect, it } from 'vitest';
import { findBoundaryViolations } from '../../scripts/feature-boundaries';

describe('feature boundaries', () => {
  it("refuses a client feature importing another feature's internals, by alias or relative path", () => {
    const violations = findBoundaryViolations({
      'client/src/features/blueprints/components/week-card.tsx':
        "import { RevenueForm } from '@/features/revenue/components/add-revenue-form';",
      'client/src/features/alerts/api/get-alerts.ts':
        "import {\n  x,\n} from '../../revenue/api/get-revenue-entries';",
    });
    expect(violations).toHaveLength(2);
    expect(violations[0]).toContain(
      'the blueprints feature imports @/features/revenue/components/add-revenue-form',
    );
    expect(violations[1]).toContain('the alerts feature imports ../../revenue/api/get-revenue-entries');
  });

  it("refuses a server feature importing another feature's service or store", () => {
    const violations = findBoundaryViolations({
      'server/features/health-check/service.ts': "import { listRevenueEntries } from '../revenue/store';",
    });
    expect(violations).toEqual([
      'server/features/health-check/service.ts: the health-check feature imports ../revenue/store, an internal of the revenue feature',
    ]);
  });

  it('allows the documented crossings, own-feature imports, shared code and tests', () => {
    expect(
      findBoundaryViolations({
        'client/src/features/onboarding/api/complete.ts':
          "import { userQueryOptions } from '@/features/auth/api/get-user';",
        'client/src/features/dashboard/components/card.tsx':
          "import { healthCheckQueryOptions } from '@/features/health-check/api/get-health-check';",
        'client/src/features/marketing/pages/landing.tsx':
          "import { WaitlistForm } from '@/features/waitlist/components/waitlist-form';",
        'client/src/features/revenue/components/list.tsx':
          "import { formatGbp } from '@/lib/format';\nimport { x } from '../api/get-revenue-entries';",
        'server/features/revenue/routes.ts': "import { signedInUser } from '../auth/session';",
        'server/features/admin/service.ts': "import { findInboxPage } from '../contact/public';",
        'server/features/revenue/revenue.test.ts': "import { x } from '../onboarding/store';",
        'client/src/app/router.tsx': "import { RevenuePage } from '@/features/revenue/components/page';",
      }),
    ).toEqual([]);
  });

  it('refuses common/ importing client or server code', () => {
    expect(
      findBoundaryViolations({ 'common/plans.ts': "import { config } from '../server/config';" }),
    ).toEqual(['common/plans.ts: common/ must not import ../server/config']);
  });

  it('refuses a dashboard importing a component of another feature (only its api is allowed)', () => {
    expect(
      findBoundaryViolations({
        'client/src/features/dashboard/x.tsx':
          "import { Chart } from '@/features/revenue/components/revenue-charts';",
      }),
    ).toHaveLength(1);
  });
});
