import { type AlertSeverity, alertSeverity } from '@common/alert-labels';
import { cn } from '@/lib/utils';

const SEVERITY_STYLES: Record<AlertSeverity, string> = {
  critical: 'bg-destructive text-destructive-foreground',
  high: 'bg-accent text-accent-foreground',
  medium: 'bg-warning text-primary-foreground',
  low: 'bg-secondary text-secondary-foreground',
};

/** An alert's severity as creators see it on their dashboard (and operators in a bulletin's preview). */
export function SeverityBadge({ severity }: { severity: string }) {
  const level = alertSeverity(severity);
  return (
    <span className={cn('rounded px-2 py-0.5 font-black uppercase', SEVERITY_STYLES[level])}>{level}</span>
  );
}
