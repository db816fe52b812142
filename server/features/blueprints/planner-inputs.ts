import type { HealthFindings } from '@common/health-check';
import type { OnboardingAnswers } from '@common/onboarding';
import type { RevenueSource } from '@common/revenue';
import type { CreatorFigures } from './projection';

/** What the planner plans from, apart from it so choosing plays can read it too. */
/** The health check's scores the planner reads (0–100 each). */
export type PlannerHealth = {
  platformRiskScore: number;
  diversificationScore: number;
  engagementResilienceScore: number;
  algorithmDependency: number;
  /** What the books showed at that health check (its findings); the plan follows the largest. */
  findings?: HealthFindings | null;
};

export type PlannerInputs = {
  answers: OnboardingAnswers | null;
  health: PlannerHealth | null;
  /** The creator's real numbers, where the app has them; the brackets stand in for the rest. */
  figures?: CreatorFigures | null;
  /** Sources the creator recorded revenue from lately, besides those in `figures` (tests give them alone). */
  recordedSources?: readonly RevenueSource[];
};
