import { dependencyStatus, riskBand } from '@common/health-check';
import { type AlertDeps, settleAlerts } from './service';

/**
 * After a health check: algorithm dependency entering critical, or platform risk entering high, raises
 * an alert at once (not at the next scan); one that leaves its band clears, so a later return alerts
 * again. Other features reach it through alerts/public.ts.
 */
export async function alertOnHealthBands(
  deps: AlertDeps,
  userId: string,
  scores: { algorithmDependency: number; platformRiskScore: number; largestPlatform: string | null },
) {
  const platform =
    scores.largestPlatform && ['youtube', 'instagram', 'tiktok', 'twitter'].includes(scores.largestPlatform)
      ? scores.largestPlatform
      : 'other';
  const raised = [];
  if (dependencyStatus(scores.algorithmDependency) === 'critical') {
    raised.push({
      userId,
      cause: 'band:dependency',
      severity: 'high' as const,
      platform,
      title: `Algorithm dependency is critical (${scores.algorithmDependency}%)`,
      description: `Your latest health check puts ${scores.algorithmDependency}% of your income in the hands of platform algorithms.`,
      impactDescription: 'One ranking change could cut most of your income at once.',
      mitigationStrategy: 'Start the first owned stream from your blueprint this week.',
    });
  }
  if (riskBand(scores.platformRiskScore) === 'high') {
    raised.push({
      userId,
      cause: 'band:platform-risk',
      severity: 'medium' as const,
      platform,
      title: `Platform risk is high (${scores.platformRiskScore}/100)`,
      description: 'Most of your income rides on a single platform’s reach.',
      impactDescription: null,
      mitigationStrategy: 'Publish on a second platform and move your audience to an email list.',
    });
  }
  return settleAlerts(deps, userId, 'band:', raised);
}
