/** What other features may use of this one; everything else here is its own. */
export { useHealthCheck } from './api/get-health-check';
export { useHealthCheckInputs } from './api/get-health-check-inputs';
export { RiskBandBadge } from './components/risk-band-badge';
