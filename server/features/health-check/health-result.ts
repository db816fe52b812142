import type { Platform } from '@common/creator-platforms';
import type { HealthBasis, HealthRecommendation } from '@common/health-check';
import type { RevenueSource } from '@common/revenue';
import type { Findings } from './findings';

/** What the engine answers, apart from it so the wording of its advice can read it too. */
export type HealthResult = {
  overallScore: number;
  platformRiskScore: number;
  diversificationScore: number;
  engagementResilienceScore: number;
  algorithmDependency: number;
  recommendations: HealthRecommendation[];
  basis: HealthBasis;
  /** 1 / HHI: how many equal streams the income behaves like (0 with no income). */
  effectiveStreams: number;
  largestPlatform: Platform | null;
  /** Pence a month lost if the largest platform's reach fell 40%. */
  incomeAtRiskPence: number;
  /** Pence a month the check worked from (recorded revenue, or the onboarding bracket). */
  monthlyRevenuePence: number;
  /** What the books show beside the scores. */
  findings: Findings;
};

/** Each income stream's share; `label` is how the creator named it (a source, or an onboarding answer). */
export type Shares = {
  source: RevenueSource;
  label: string;
  share: number;
  pence: number;
  platform: Platform | null;
}[];
