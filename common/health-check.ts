import { z } from 'zod';

/** Spec §3: one health check result. GET /api/health-check answers the latest, or null. */
export const healthCheckSchema = z.object({
  overallScore: z.number(),
  platformRiskScore: z.number(),
  diversificationScore: z.number(),
  engagementResilienceScore: z.number(),
  algorithmDependency: z.number(),
  recommendations: z.array(
    z.object({
      title: z.string(),
      description: z.string(),
      priority: z.enum(['high', 'medium', 'low']),
    }),
  ),
});

export type HealthCheck = z.infer<typeof healthCheckSchema>;

export type RiskBand = 'high' | 'medium' | 'low';

/** Spec §9: platformRiskScore 80 or above is high risk, 60-79 medium, below 60 low. */
export function riskBand(platformRiskScore: number): RiskBand {
  if (platformRiskScore >= 80) return 'high';
  if (platformRiskScore >= 60) return 'medium';
  return 'low';
}

export const RISK_BAND_LABELS: Record<RiskBand, string> = {
  high: 'High Risk',
  medium: 'Medium Risk',
  low: 'Low Risk',
};

export type DependencyStatus = 'critical' | 'warning' | 'good';

/** Spec §9: algorithm dependency 80 or above is critical, 60 or above a warning, else good. */
export function dependencyStatus(algorithmDependency: number): DependencyStatus {
  if (algorithmDependency >= 80) return 'critical';
  if (algorithmDependency >= 60) return 'warning';
  return 'good';
}
