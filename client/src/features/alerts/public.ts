/** What other features may use of this one; everything else here is its own. */
export { useAlertStream } from './api/alert-stream';
export { useDismissAlert } from './api/dismiss-alert';
export { alertsOfPages, useAlerts } from './api/get-alerts';
export { useNothingInMonth } from './api/nothing-in-month';
export { SeverityBadge } from './components/severity-badge';
