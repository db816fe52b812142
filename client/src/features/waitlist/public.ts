/** What other features may use of this one; everything else here is its own. */
export { useWaitlistCounters } from './api/get-counters';
export { JoinWaitlistButton } from './components/join-waitlist-button';
export { preloadWaitlistDialog } from './components/waitlist-dialog-host';
export { WaitlistForm } from './components/waitlist-form';
export { openWaitlistDialog } from './waitlist-dialog-store';
