/** What other features may use of this one; everything else here is its own. */
export { useConnectionOutcomeToast } from './components/connection-outcome-toast';
export { PlatformConnectPanel } from './components/platform-connect-panel';
