/** How alerts read on screen: platform names, severities and times. */
/** The platforms an alert can be about, as a creator reads them. */
export const ALERT_PLATFORM_LABELS: Record<string, string> = {
  youtube: 'YouTube',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  twitter: 'Twitter',
  other: 'Other',
};

export function alertPlatformLabel(platform: string): string {
  return ALERT_PLATFORM_LABELS[platform] ?? ALERT_PLATFORM_LABELS.other!;
}

export const ALERT_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/** Critical, high and medium are themselves; anything else is treated as low. */
export function alertSeverity(severity: string): AlertSeverity {
  return severity === 'critical' || severity === 'high' || severity === 'medium' ? severity : 'low';
}

/** 0 for critical to 3 for low: the lists put the most urgent first. */
export const severityRank = (severity: string) => ALERT_SEVERITIES.indexOf(alertSeverity(severity));

/**
 * The lists' and the emails' order among alerts alike in being read or not: severity, then money at stake
 * (an alert about no money, after those that cost something).
 */
export const byUrgency = (
  a: { severity: string; atStakePence?: number | null },
  b: { severity: string; atStakePence?: number | null },
) => severityRank(a.severity) - severityRank(b.severity) || (b.atStakePence ?? -1) - (a.atStakePence ?? -1);

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const alertDateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/**
 * Alert time labels: under a minute 'Just now', under an hour in minutes ('12 minutes ago'), under 24
 * hours in hours, under 7 days in days, otherwise the date (in London, where the business runs).
 */
export function alertTimeLabel(createdAt: string | Date, now: Date): string {
  const created = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  if (Number.isNaN(created.getTime())) return '';
  const elapsed = now.getTime() - created.getTime();
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) {
    const minutes = Math.floor(elapsed / MINUTE_MS);
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
  }
  if (elapsed < DAY_MS) {
    const hours = Math.floor(elapsed / HOUR_MS);
    return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  }
  if (elapsed < 7 * DAY_MS) {
    const days = Math.floor(elapsed / DAY_MS);
    return `${days} ${days === 1 ? 'day' : 'days'} ago`;
  }
  return alertDateFormat.format(created);
}
