import { z } from 'zod';
import { monthlyIncomeSchema } from './monthly-income';

export const healthRecommendationSchema = z.object({
  title: z.string(),
  description: z.string(),
  priority: z.enum(['high', 'medium', 'low']),
  /**
   * Pounds a month the recommendation protects or is worth (decimal string); the list is in this order,
   * largest first. Absent where it is not about money (record your revenue, check your analytics).
   */
  atStake: z.optional(z.string()),
});

/** What the creator's books show beside the scores (docs/scoring.md, "What the books show"). */
export const healthFindingsSchema = z.object({
  payers: z.object({
    /** The largest payer that is not a platform's own programme, where payers are named. */
    largest: z.object({ name: z.string(), monthly: z.string(), share: z.number() }).nullable(),
    /** Σ share² over payers; money whose payer is unnamed counts as spread, so this is a lower bound. */
    hhi: z.number(),
    /** Share of income whose payer is named (or is a platform paying its own programme). */
    namedShare: z.number(),
  }),
  currency: z.object({
    /** Share of income paid in currencies other than pounds. */
    foreignShare: z.number(),
    foreignMonthly: z.string(),
    /** Pounds a month lost if the pound rose 10% against every other currency paid in. */
    tenPercentMove: z.string(),
    currencies: z.array(z.string()),
  }),
  liveFalls: z.array(
    z.object({
      platform: z.string(),
      title: z.string(),
      since: z.string(),
      /** Pounds a month the fall costs, where known. */
      atStake: z.string().nullable(),
    }),
  ),
  /** Platforms with an audience and no income paid through them, largest first. */
  untapped: z.array(z.object({ platform: z.string(), followers: z.number(), worth: z.string() })),
  /** Platforms named at onboarding that pay nothing and whose followers no figure has read yet. */
  unmeasured: z.array(z.string()),
});
export type HealthFindings = z.infer<typeof healthFindingsSchema>;

export type HealthRecommendation = z.infer<typeof healthRecommendationSchema>;

/** What the scores were computed from: recorded revenue, the onboarding answers, or neither. */
export const healthBasisSchema = z.enum(['revenue', 'onboarding', 'none']);
export type HealthBasis = z.infer<typeof healthBasisSchema>;

export const HEALTH_BASIS_NOTES: Record<HealthBasis, string> = {
  revenue: 'Based on your revenue of the last three months whose money is all in; a month counts once it is.',
  onboarding:
    'No revenue recorded in the last three complete months: based on the income streams from your onboarding answers.',
  none: 'No revenue recorded and no income streams given: these scores are estimates from your platforms.',
};

/**
 * One health check result. GET /api/health-check answers the latest,
 * or null. Money is a decimal string of pounds.
 */
export const healthCheckSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  overallScore: z.number(),
  platformRiskScore: z.number(),
  diversificationScore: z.number(),
  engagementResilienceScore: z.number(),
  algorithmDependency: z.number(),
  recommendations: z.array(healthRecommendationSchema),
  basis: healthBasisSchema,
  /** How many equal streams the income behaves like (1 / HHI); 0 with no income. */
  effectiveStreams: z.number(),
  largestPlatform: z.string().nullable(),
  /** Pounds a month lost if the largest platform's reach fell 40%. */
  incomeAtRisk: z.string(),
  /** Pounds a month the check worked from: the monthly income every screen states. */
  monthlyRevenue: z.string(),
  /** The complete months that income averaged ('YYYY-MM'); null from onboarding answers or older runs. */
  incomeWindow: z.object({ firstMonth: z.string(), lastMonth: z.string() }).nullable(),
  /** What the books show beside the scores; null for runs before these were measured. */
  // The function forms, not `.nullable()` on a schema, let the client bundles drop schemas they never read.
  findings: z.nullable(healthFindingsSchema),
});

export type HealthCheck = z.infer<typeof healthCheckSchema>;

/** GET /api/health-check/inputs: what the next run would read, for the screen before the first run. */
export const healthCheckInputsSchema = z.object({
  hasAnswers: z.boolean(),
  platforms: z.array(z.string()),
  currentStreams: z.array(z.string()),
  hasAnalytics: z.boolean(),
  revenueEntryCount: z.number(),
  revenueSourceCount: z.number(),
  /** Pounds received in the window (the last three complete months), as a decimal string. */
  revenueTotal: z.string(),
  monthlyIncome: monthlyIncomeSchema,
});
export type HealthCheckInputs = z.infer<typeof healthCheckInputsSchema>;

/**
 * GET /api/health-check/history: the overall score of each run, oldest first, from the first run made
 * from recorded revenue (runs from onboarding answers before it were estimates).
 */
export const healthHistorySchema = z.array(z.object({ createdAt: z.string(), overallScore: z.number() }));
export type HealthHistory = z.infer<typeof healthHistorySchema>;

export type RiskBand = 'high' | 'medium' | 'low';

/** platformRiskScore 80 or above is high risk, 60-79 medium, below 60 low. */
export function riskBand(platformRiskScore: number): RiskBand {
  if (platformRiskScore >= 80) return 'high';
  if (platformRiskScore >= 60) return 'medium';
  return 'low';
}

/** Which way each score runs, said wherever a score shows: risk rises, health falls, as things worsen. */
export const PLATFORM_RISK_SCALE = '0 = no risk, 100 = all at risk';
export const OVERALL_HEALTH_SCALE = '0 = fully exposed, 100 = fully protected';

export const RISK_BAND_LABELS: Record<RiskBand, string> = {
  high: 'High Risk',
  medium: 'Medium Risk',
  low: 'Low Risk',
};

export type DependencyStatus = 'critical' | 'warning' | 'good';

/** Algorithm dependency 80 or above is critical, 60 or above a warning, else good. */
export function dependencyStatus(algorithmDependency: number): DependencyStatus {
  if (algorithmDependency >= 80) return 'critical';
  if (algorithmDependency >= 60) return 'warning';
  return 'good';
}

export const DEPENDENCY_STATUS_LABELS: Record<DependencyStatus, string> = {
  critical: 'Critical',
  warning: 'Warning',
  good: 'Good',
};

const PLATFORM_IN_A_SENTENCE: Record<string, string> = {
  youtube: 'YouTube',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  twitter: 'Twitter',
  blog: 'your blog',
  podcast: 'your podcast',
  twitch: 'Twitch',
};

/** A platform as it reads mid-sentence: "YouTube", "your blog"; anything else is "your main platform". */
export function platformInSentence(platform: string): string {
  return PLATFORM_IN_A_SENTENCE[platform] ?? 'your main platform';
}
